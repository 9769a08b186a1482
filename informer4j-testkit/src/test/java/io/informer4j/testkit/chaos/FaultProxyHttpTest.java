package io.informer4j.testkit.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link FaultProxy} as an HTTP/1.1 proxy: recording, its own answers, truncated bodies, upgrades. */
class FaultProxyHttpTest {

  private TargetServer target;
  private FaultProxy proxy;

  @BeforeEach
  void start() {
    target = new TargetServer();
    proxy = FaultProxy.builder("127.0.0.1", target.port()).seed(7).start();
  }

  @AfterEach
  void stop() throws IOException {
    proxy.close();
    target.close();
  }

  private static String get(String target) {
    return "GET " + target + " HTTP/1.1\r\nHost: test\r\n\r\n";
  }

  private static String okWithLength(String body) {
    return "HTTP/1.1 200 OK\r\nContent-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
  }

  private static final String CHUNKED_OK = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";

  @Test
  void forwardsRequestsAndResponsesOnAKeptAliveConnectionAndRecordsThem() throws Exception {
    Instant before = Instant.now();
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send("PUT /api/v1/namespaces/a/configmaps/x HTTP/1.1\r\nHost: test\r\nContent-Length: 5\r\n\r\nhello");
      assertThat(server.readHead().startLine()).isEqualTo("PUT /api/v1/namespaces/a/configmaps/x HTTP/1.1");
      assertThat(server.readText(5)).isEqualTo("hello");
      server.send(okWithLength("{}"));
      assertThat(client.readHead().status()).isEqualTo(200);
      assertThat(client.readText(2)).isEqualTo("{}");

      client.send(get("/api/v1/configmaps?watch=true&resourceVersion=5"));
      assertThat(server.readHead().target()).isEqualTo("/api/v1/configmaps?watch=true&resourceVersion=5");
    }
    assertThat(proxy.requests()).hasSize(2);
    ProxiedRequest put = proxy.requests().get(0);
    assertThat(put.method()).isEqualTo("PUT");
    assertThat(put.path()).isEqualTo("/api/v1/namespaces/a/configmaps/x");
    assertThat(put.receivedAt()).isAfterOrEqualTo(before.minusMillis(1));
    ProxiedRequest watch = proxy.requests().get(1);
    assertThat(watch.isWatch()).isTrue();
    assertThat(watch.queryParameter("resourceVersion")).hasValue("5");
    assertThat(watch.connection()).isEqualTo(put.connection());
    assertThat(proxy.requestCount(ProxiedRequest::isWatch)).isEqualTo(1);
  }

  @Test
  void answersMatchingRequestsItselfAndForwardsTheRest() throws Exception {
    proxy.answer(ProxiedRequest::isWatch, CannedResponse.expired("too old resource version: 5 (9)"), 1);
    proxy.answer(r -> r.path().endsWith("/pods"), CannedResponse.tooManyRequests(Duration.ofMillis(1500)), 1);
    try (Wire client = Wire.connect(proxy.port())) {
      client.send(get("/api/v1/configmaps?watch=1"));
      HttpHead gone = client.readHead();
      assertThat(gone.status()).isEqualTo(410);
      String status = client.readText((int) gone.contentLength());
      assertThat(status).contains("\"kind\":\"Status\"", "\"reason\":\"Expired\"", "\"code\":410", "too old resource version");

      client.send(get("/api/v1/pods"));
      HttpHead throttled = client.readHead();
      assertThat(throttled.status()).isEqualTo(429);
      assertThat(throttled.field("Retry-After")).isEqualTo("2");
      assertThat(client.readText((int) throttled.contentLength())).contains("\"retryAfterSeconds\":2", "TooManyRequests");

      client.send(get("/api/v1/configmaps?watch=1"));
      try (Wire server = target.nextConnection()) {
        assertThat(server.readHead().target()).as("only the third request reached the server").isEqualTo("/api/v1/configmaps?watch=1");
        server.send(okWithLength("ok"));
        assertThat(client.readHead().status()).isEqualTo(200);
      }
    }
    assertThat(proxy.requests()).hasSize(3);
  }

  @Test
  void anAnswerWaitsForTheResponseBeforeItOnTheSameConnection() throws Exception {
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send(get("/first"));
      server.readHead();
      proxy.answer(r -> r.path().equals("/second"), CannedResponse.serverError(503), 1);
      client.send(get("/second"));
      client.assertSilentFor(Duration.ofMillis(200));

      server.send(okWithLength("first"));
      assertThat(client.readHead().status()).isEqualTo(200);
      assertThat(client.readText(5)).isEqualTo("first");
      HttpHead unavailable = client.readHead();
      assertThat(unavailable.status()).isEqualTo(503);
      assertThat(client.readText((int) unavailable.contentLength())).contains("ServiceUnavailable");
    }
  }

  @Test
  void aResetTruncationEndsAChunkedBodyWithoutItsLastChunk() throws Exception {
    proxy.truncateResponses(ProxiedRequest::isRead, 5, Truncation.RESET, 1);
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send(get("/api/v1/configmaps"));
      server.readHead();
      server.send(CHUNKED_OK + Wire.chunk("{\"items\":[]}"));

      assertThat(client.readHead().isChunked()).isTrue();
      assertThat(client.readChunkText()).isEqualTo("{\"ite");
      assertThat(client.isClosedByPeer()).isTrue();
    }
  }

  @Test
  void aCleanTruncationEndsAChunkedBodyProperlyInTheMiddleOfItsContent() throws Exception {
    proxy.truncateResponses(ProxiedRequest::isRead, 12, Truncation.CLEAN_END, 1);
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send(get("/api/v1/configmaps"));
      server.readHead();
      server.send(CHUNKED_OK + Wire.chunk("{\"items\":[{\"a\":1},") + Wire.chunk("{\"b\":2}]}"));

      client.readHead();
      assertThat(client.readChunkText()).isEqualTo("{\"items\":[{\"");
      assertThat(client.readChunk()).as("the last chunk").isNull();
      assertThat(client.isClosedByPeer()).isTrue();
    }
  }

  @Test
  void aTruncatedBodyWithALengthIsReset() throws Exception {
    proxy.truncateResponses(r -> true, 3, Truncation.CLEAN_END, 1);
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send(get("/x"));
      server.readHead();
      server.send(okWithLength("abcdef"));

      client.readHead();
      assertThat(client.readToEnd()).asString().isEqualTo("abc");
    }
  }

  @Test
  void garbageInAChunkedBodyKeepsTheFramingValid() throws Exception {
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send(get("/api/v1/configmaps?watch=true"));
      server.readHead();
      server.send(CHUNKED_OK);
      server.sendChunk("{\"type\":\"BOOKMARK\"}\n");
      client.readHead();
      assertThat(client.readChunkText()).isEqualTo("{\"type\":\"BOOKMARK\"}\n");

      proxy.applyToOpen(ConnectionFault.garbage(10));
      assertThat(client.readChunk()).hasSize(10);
      server.sendChunk("{\"type\":\"ADDED\"}\n");
      assertThat(client.readChunkText()).isEqualTo("{\"type\":\"ADDED\"}\n");
    }
  }

  @Test
  void aWebSocketUpgradeIsForwardedThenCopiedAsBytes() throws Exception {
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send("GET /api/v1/configmaps?watch=true HTTP/1.1\r\nHost: test\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n");
      assertThat(server.readHead().field("Upgrade")).isEqualTo("websocket");
      server.send("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n");
      assertThat(client.readHead().status()).isEqualTo(101);

      byte[] frame = {(byte) 0x81, 5, 'f', 'r', 'a', 'm', 'e'};
      server.send(frame);
      assertThat(client.read(7)).isEqualTo(frame);
      client.send("GET not http");
      assertThat(server.readText(12)).isEqualTo("GET not http");
    }
  }

  @Test
  void theBodyOfAnAnsweredRequestIsReadAndDroppedSoTheConnectionStaysUsable() throws Exception {
    proxy.answer(r -> "PUT".equals(r.method()), CannedResponse.kubernetesStatus(403, "Forbidden", "no"), 1);
    try (Wire client = Wire.connect(proxy.port())) {
      client.send("PUT /x HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n");
      HttpHead forbidden = client.readHead();
      assertThat(forbidden.status()).isEqualTo(403);
      assertThat(client.readText((int) forbidden.contentLength())).contains("\"reason\":\"Forbidden\"");

      client.send(get("/after"));
      try (Wire server = target.nextConnection()) {
        assertThat(server.readHead().target()).isEqualTo("/after");
      }
    }
  }

  @Test
  void responsesWithoutBodiesAreFollowedByTheNextResponse() throws Exception {
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send("HEAD /x HTTP/1.1\r\nHost: test\r\n\r\n");
      server.readHead();
      server.send("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n");
      assertThat(client.readHead().contentLength()).isEqualTo(5);

      client.send("DELETE /x HTTP/1.1\r\nHost: test\r\n\r\n");
      server.readHead();
      server.send("HTTP/1.1 204 No Content\r\n\r\n");
      assertThat(client.readHead().status()).isEqualTo(204);

      client.send(get("/y"));
      server.readHead();
      server.send(okWithLength("y"));
      assertThat(client.readHead().status()).isEqualTo(200);
      assertThat(client.readText(1)).isEqualTo("y");
    }
  }

  @Test
  void theServerClosingAnIdleConnectionClosesTheClientsToo() throws Exception {
    try (Wire client = Wire.connect(proxy.port()); Wire server = target.nextConnection()) {
      client.send(get("/x"));
      server.readHead();
      server.send(okWithLength(""));
      client.readHead();
      server.close();
      assertThat(client.isClosedByPeer()).isTrue();
    }
  }
}
