package io.informer4j.testkit.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link EventFault}s on a chunked Kubernetes watch stream through {@link FaultProxy}. */
class WatchEventFaultsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private TargetServer target;
  private FaultProxy proxy;
  private Wire client;
  private Wire server;

  @BeforeEach
  void openWatch() throws Exception {
    target = new TargetServer();
    proxy = FaultProxy.builder("127.0.0.1", target.port()).seed(3).start();
    client = Wire.connect(proxy.port());
    server = target.nextConnection();
    client.send("GET /api/v1/configmaps?watch=true&resourceVersion=1 HTTP/1.1\r\nHost: test\r\n\r\n");
    server.readHead();
    server.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
    assertThat(client.readHead().isChunked()).isTrue();
  }

  @AfterEach
  void close() throws IOException {
    client.close();
    server.close();
    proxy.close();
    target.close();
  }

  private static String event(String type, String name, String version) {
    return "{\"type\":\"" + type + "\",\"object\":{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\""
        + name + "\",\"namespace\":\"ns\",\"resourceVersion\":\"" + version + "\",\"labels\":{\"app\":\"x\"}},"
        + "\"data\":{\"v\":\"" + version + "\"}}}\n";
  }

  @Test
  void eventsPassUnchangedWithoutFaults() throws Exception {
    String two = event("ADDED", "a", "2") + event("MODIFIED", "a", "3");
    server.sendChunk(two);
    assertThat(client.readChunkText()).isEqualTo(two);
  }

  @Test
  void aHalfEventIsCutAndEndedByANewlineAndTheNextEventsFollow() throws Exception {
    proxy.faultEvents(EventFault.HALF, 1, "MODIFIED");
    String added = event("ADDED", "a", "2");
    String modified = event("MODIFIED", "a", "3");
    String deleted = event("DELETED", "a", "4");
    server.sendChunk(added + modified + deleted);

    StringBuilder received = new StringBuilder();
    while (received.toString().split("\n", -1).length < 4) {
      received.append(client.readChunkText());
    }
    String[] lines = received.toString().split("\n", -1);
    assertThat(lines[0] + "\n").isEqualTo(added);
    assertThat(lines[1]).isNotEmpty();
    assertThat(modified).startsWith(lines[1]).isNotEqualTo(lines[1] + "\n");
    assertThat(lines[2] + "\n").isEqualTo(deleted);
  }

  @Test
  void aCorruptedObjectKeepsItsIdentityButNoLongerHasLabelsAsAMap() throws Exception {
    proxy.faultEvents(EventFault.CORRUPT_OBJECT, 1, "DELETED");
    server.sendChunk(event("MODIFIED", "a", "3"));
    assertThat(client.readChunkText()).isEqualTo(event("MODIFIED", "a", "3"));

    server.sendChunk(event("DELETED", "a", "4"));
    String corrupted = client.readChunkText();
    JsonNode tree = JSON.readTree(corrupted);
    assertThat(corrupted).endsWith("\n");
    assertThat(tree.path("type").asText()).isEqualTo("DELETED");
    JsonNode metadata = tree.path("object").path("metadata");
    assertThat(metadata.path("name").asText()).isEqualTo("a");
    assertThat(metadata.path("namespace").asText()).isEqualTo("ns");
    assertThat(metadata.path("resourceVersion").asText()).isEqualTo("4");
    assertThat(metadata.path("labels").isArray()).isTrue();
    assertThat(tree.path("object").path("data").path("v").asText()).isEqualTo("4");

    server.sendChunk(event("DELETED", "b", "5"));
    assertThat(client.readChunkText()).as("one match only").isEqualTo(event("DELETED", "b", "5"));
  }

  @Test
  void aCorruptionOfObjectEventsSkipsBookmarks() throws Exception {
    proxy.faultEvents(EventFault.CORRUPT_OBJECT, 1);
    String bookmark = "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"ConfigMap\",\"metadata\":{\"resourceVersion\":\"9\"}}}\n";
    server.sendChunk(bookmark);
    assertThat(client.readChunkText()).isEqualTo(bookmark);
    server.sendChunk(event("ADDED", "c", "10"));
    assertThat(JSON.readTree(client.readChunkText()).path("object").path("metadata").path("labels").isArray()).isTrue();
  }

  @Test
  void aSplitEventArrivesInTwoChunksThatJoinToTheOriginal() throws Exception {
    proxy.faultEvents(EventFault.SPLIT, 1);
    String added = event("ADDED", "a", "2");
    server.sendChunk(added);

    String first = client.readChunkText();
    String second = client.readChunkText();
    assertThat(first).isNotEmpty().doesNotEndWith("\n");
    assertThat(first + second).isEqualTo(added);
  }

  @Test
  void anEventCutAcrossTheServersChunksIsJoinedBeforeItIsFaulted() throws Exception {
    proxy.faultEvents(EventFault.CORRUPT_OBJECT, 1, "MODIFIED");
    String modified = event("MODIFIED", "a", "3");
    server.sendChunk(modified.substring(0, 20));
    server.sendChunk(modified.substring(20));
    JsonNode tree = JSON.readTree(client.readChunkText());
    assertThat(tree.path("object").path("metadata").path("labels").isArray()).isTrue();
  }

  @Test
  void aCorruptionIsOnlyForEventsWithObjects() {
    assertThatThrownBy(() -> proxy.faultEvents(EventFault.CORRUPT_OBJECT, 1, "BOOKMARK"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> proxy.faultEvents(EventFault.HALF, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
