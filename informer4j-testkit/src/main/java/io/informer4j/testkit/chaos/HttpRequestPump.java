package io.informer4j.testkit.chaos;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * The client-to-server side of a proxied HTTP/1.1 connection: reads each request, records it, and
 * either answers it from the plan or forwards it unchanged. After a protocol upgrade the server
 * accepted (WebSocket), it copies bytes as they are. Runs on the connection's upstream thread.
 */
final class HttpRequestPump {

  private static final byte[] CRLF = {'\r', '\n'};
  private static final byte[] LAST_CHUNK = {'0', '\r', '\n', '\r', '\n'};

  private final long connection;
  private final InputStream client;
  private final Uplink server;
  private final Downlink downlink;
  private final Exchanges exchanges;
  private final FaultPlan plan;
  private final Consumer<ProxiedRequest> recorder;
  private final Clock clock;

  HttpRequestPump(long connection, InputStream client, Uplink server, Downlink downlink, Exchanges exchanges,
                  FaultPlan plan, Consumer<ProxiedRequest> recorder, Clock clock) {
    this.connection = connection;
    this.client = client;
    this.server = server;
    this.downlink = downlink;
    this.exchanges = exchanges;
    this.plan = plan;
    this.recorder = recorder;
    this.clock = clock;
  }

  /**
   * Pumps until the client closes the connection (returns) or a failure (throws).
   *
   * @throws IOException if reading, writing or parsing fails
   */
  void run() throws IOException {
    HttpHead head;
    while ((head = HttpHead.read(client)) != null) {
      ProxiedRequest request = new ProxiedRequest(connection, head.method(), head.target(), clock.instant());
      recorder.accept(request);
      boolean closeAfter = head.closesConnection();
      CannedResponse answer = plan.answerFor(request);
      if (answer != null) {
        skipBody(head);
        exchanges.answer(Exchange.answered(request, answer, closeAfter), downlink);
        continue;
      }
      Exchange exchange = Exchange.forwarded(request, plan.cutFor(request), closeAfter);
      exchanges.add(exchange);
      server.write(head.bytes());
      forwardBody(head);
      if (head.isUpgrade() && awaitUpgrade(exchange)) {
        RawPump.copy(client, server);
        return;
      }
    }
  }

  private void forwardBody(HttpHead head) throws IOException {
    if (head.isChunked()) {
      ChunkedReader chunks = new ChunkedReader(client);
      byte[] data;
      while ((data = chunks.next()) != null) {
        server.write((Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        server.write(data);
        server.write(CRLF);
      }
      server.write(LAST_CHUNK);
      return;
    }
    long length = Math.max(0, head.contentLength());
    byte[] buffer = new byte[(int) Math.min(length, 64 * 1024)];
    while (length > 0) {
      int read = client.read(buffer, 0, (int) Math.min(buffer.length, length));
      if (read < 0) {
        throw new ProtocolException("the client's stream ended inside a request body");
      }
      server.write(buffer, 0, read);
      length -= read;
    }
  }

  private void skipBody(HttpHead head) throws IOException {
    if (head.isChunked()) {
      ChunkedReader chunks = new ChunkedReader(client);
      while (chunks.next() != null) {
        // the body of a request the proxy answers itself is read and dropped
      }
    } else {
      client.skipNBytes(Math.max(0, head.contentLength()));
    }
  }

  /** Waits for the response; the response side answers false when the connection ends first. */
  private static boolean awaitUpgrade(Exchange exchange) throws IOException {
    try {
      return exchange.upgraded().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for the server's answer to an upgrade");
    } catch (ExecutionException e) {
      throw new IOException("the connection failed before the server answered an upgrade", e.getCause());
    }
  }
}
