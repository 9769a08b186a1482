package io.informer4j.testkit.chaos;

import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;

/**
 * The server-to-client side of a proxied HTTP/1.1 connection: writes the proxy's own answers in
 * their turn, and forwards each response of the server, ending bodies early where the plan says
 * and passing the events of watch responses through {@link WatchEventLines}. Heads are forwarded
 * as they came; chunked bodies are re-framed chunk by chunk. After a 101 (Switching Protocols) it
 * copies bytes as they are. Runs on the connection's downstream thread.
 */
final class HttpResponsePump {

  /** How long a {@link EventFault#SPLIT} event waits between its two chunks. */
  private static final Duration SPLIT_PAUSE = Duration.ofMillis(20);
  private static final int BUFFER = 64 * 1024;

  private final InputStream server;
  private final Downlink downlink;
  private final Exchanges exchanges;
  private final FaultPlan plan;
  private final Random random;
  private final Runnable closeConnection;

  HttpResponsePump(InputStream server, Downlink downlink, Exchanges exchanges, FaultPlan plan, Random random,
                   Runnable closeConnection) {
    this.server = server;
    this.downlink = downlink;
    this.exchanges = exchanges;
    this.plan = plan;
    this.random = random;
    this.closeConnection = closeConnection;
  }

  /**
   * Pumps until the server closes the connection or a response asks to close it (returns), or a
   * failure (throws). {@code server} must support mark and reset.
   *
   * @throws IOException if reading, writing or parsing fails
   */
  void run() throws IOException {
    while (true) {
      Exchange exchange = exchanges.first();
      if (exchange == null) {
        if (!serverSpeaks()) {
          return;
        }
        exchange = exchanges.first();
        if (exchange == null) {
          throw new ProtocolException("the server sent bytes no request asked for");
        }
      }
      if (exchange.answer() != null) {
        downlink.write(exchange.answer().encode());
        exchanges.removeFirst();
        if (exchange.closeAfter()) {
          return;
        }
        continue;
      }
      HttpHead head = HttpHead.read(server);
      if (head == null) {
        return;
      }
      int status = head.status();
      downlink.write(head.bytes());
      if (status == 101) {
        exchange.upgraded().complete(true);
        exchanges.removeFirst();
        RawPump.copy(server, downlink);
        return;
      }
      if (status < 200) {
        continue; // an interim answer such as 100 Continue; the final one follows
      }
      exchange.upgraded().complete(false);
      boolean untilClose = forwardBody(exchange, head, status);
      exchanges.removeFirst();
      if (untilClose || head.closesConnection() || exchange.closeAfter()) {
        return;
      }
    }
  }

  /** Blocks until the server sends a byte (true) or ends the stream (false), consuming nothing. */
  private boolean serverSpeaks() throws IOException {
    server.mark(1);
    int b = server.read();
    if (b < 0) {
      return false;
    }
    server.reset();
    return true;
  }

  /** Forwards a response body; returns true when it was delimited by the end of the connection. */
  private boolean forwardBody(Exchange exchange, HttpHead head, int status) throws IOException {
    if (exchange.head() || status == 204 || status == 304) {
      return false;
    }
    if (head.isChunked()) {
      forwardChunked(exchange);
      return false;
    }
    long length = head.contentLength();
    BodySink sink = new BodySink(downlink, false, exchange.cut(), closeConnection);
    byte[] buffer = new byte[BUFFER];
    long left = length < 0 ? Long.MAX_VALUE : length;
    while (left > 0) {
      int read = server.read(buffer, 0, (int) Math.min(buffer.length, left));
      if (read < 0) {
        if (length < 0) {
          return true;
        }
        throw new ProtocolException("the server's stream ended inside a response body");
      }
      sink.write(buffer, 0, read);
      left -= read;
    }
    return length < 0;
  }

  private void forwardChunked(Exchange exchange) throws IOException {
    BodySink sink = new BodySink(downlink, true, exchange.cut(), closeConnection);
    ChunkedReader chunks = new ChunkedReader(server);
    WatchEventLines events = exchange.request().isWatch() ? new WatchEventLines(plan, random) : null;
    byte[] data;
    while ((data = chunks.next()) != null) {
      if (events == null) {
        sink.write(data, 0, data.length);
      } else {
        write(sink, events.feed(data));
      }
    }
    if (events != null) {
      byte[] rest = events.rest();
      sink.write(rest, 0, rest.length);
    }
    sink.end();
  }

  private static void write(BodySink sink, List<WatchEventLines.Piece> pieces) throws IOException {
    for (WatchEventLines.Piece piece : pieces) {
      sink.write(piece.bytes(), 0, piece.bytes().length);
      if (piece.pauseAfter()) {
        LockSupport.parkNanos(SPLIT_PAUSE.toNanos());
      }
    }
  }
}
