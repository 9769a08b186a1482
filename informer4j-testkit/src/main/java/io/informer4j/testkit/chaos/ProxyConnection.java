package io.informer4j.testkit.chaos;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client connection {@link FaultProxy} accepted, with its own connection to the target. Two
 * threads forward it, one per direction; faults {@linkplain #apply applied} to it act at once.
 * When either side closes, or a forwarding error happens, both sides are closed. Thread-safe.
 */
public final class ProxyConnection {

  private static final Logger log = LoggerFactory.getLogger(ProxyConnection.class);

  private final long id;
  private final Socket client;
  private final Socket server = new Socket();
  private final Instant openedAt;
  private final ConnectionGate gate = new ConnectionGate();
  private final Downlink downlink;
  private final Consumer<ProxyConnection> onClose;
  private final AtomicBoolean closed = new AtomicBoolean();

  ProxyConnection(long id, Socket client, Instant openedAt, Random random, Consumer<ProxyConnection> onClose)
      throws IOException {
    this.id = id;
    this.client = client;
    this.openedAt = openedAt;
    this.onClose = onClose;
    this.downlink = new Downlink(client.getOutputStream(), gate, random, this::close);
  }

  /** Returns the connection's id, unique within its proxy, in the order connections were accepted. */
  public long id() {
    return id;
  }

  /** Returns when the proxy accepted it. */
  public Instant openedAt() {
    return openedAt;
  }

  /** Returns false once either side closed or a fault cut it. */
  public boolean isOpen() {
    return !closed.get();
  }

  /** Returns true once black-holed: it forwards nothing any more, while its sockets stay open. */
  public boolean isBlackHoled() {
    return gate.isBlackHoled();
  }

  /** Applies a fault to this connection now; a closed connection ignores it. */
  public void apply(ConnectionFault fault) {
    if (closed.get()) {
      return;
    }
    if (fault instanceof ConnectionFault.Stall stall) {
      gate.stall(stall.duration());
    } else if (fault instanceof ConnectionFault.BlackHole) {
      gate.blackHole();
    } else if (fault instanceof ConnectionFault.Garbage garbage) {
      try {
        downlink.injectGarbage(garbage.bytes());
      } catch (IOException e) {
        close();
      }
    } else if (fault instanceof ConnectionFault.TruncateAfter truncate) {
      downlink.truncateAfter(truncate.bytes());
    } else {
      close(); // a cut, the one kind left
    }
  }

  /** Ends a stall now; a black hole stays. */
  void endStall() {
    gate.endStall();
  }

  /** Closes both sides at once. Idempotent. */
  void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    gate.close();
    closeQuietly(client);
    closeQuietly(server);
    onClose.accept(this);
  }

  /**
   * Connects to {@code target} and starts forwarding, on two new daemon threads.
   *
   * @param http     whether to forward as HTTP/1.1 (requests recorded, plan applied) or as bytes
   * @param plan     the proxy's fault plan
   * @param recorder where requests are recorded
   */
  void start(InetSocketAddress target, Duration connectTimeout, boolean http, FaultPlan plan,
             Consumer<ProxiedRequest> recorder, Random random, Clock clock, String threadName) {
    Thread upstream = new Thread(() -> {
      try {
        server.setTcpNoDelay(true);
        server.connect(new InetSocketAddress(target.getHostString(), target.getPort()), (int) connectTimeout.toMillis());
        InputStream fromClient = new BufferedInputStream(client.getInputStream());
        InputStream fromServer = new BufferedInputStream(server.getInputStream());
        Uplink uplink = new Uplink(server.getOutputStream(), gate);
        Exchanges exchanges = new Exchanges();
        startDownstream(threadName, () -> {
          if (http) {
            try {
              new HttpResponsePump(fromServer, downlink, exchanges, plan, random, this::close).run();
            } finally {
              exchanges.abandon();
            }
          } else {
            RawPump.copy(fromServer, downlink);
          }
        });
        if (http) {
          new HttpRequestPump(id, fromClient, uplink, downlink, exchanges, plan, recorder, clock).run();
        } else {
          RawPump.copy(fromClient, uplink);
        }
      } catch (IOException | RuntimeException e) {
        logEnd("upstream", e);
      } finally {
        close();
      }
    }, threadName + "-up");
    upstream.setDaemon(true);
    upstream.start();
  }

  private void startDownstream(String threadName, IoTask pump) {
    Thread downstream = new Thread(() -> {
      try {
        pump.run();
      } catch (IOException | RuntimeException e) {
        logEnd("downstream", e);
      } finally {
        close();
      }
    }, threadName + "-down");
    downstream.setDaemon(true);
    downstream.start();
  }

  private void logEnd(String side, Exception e) {
    if (closed.get() || e instanceof IOException) {
      log.debug("proxied connection {} ended ({}): {}", id, side, e.toString());
    } else {
      log.warn("proxied connection {} failed ({})", id, side, e);
    }
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
  }

  @Override
  public String toString() {
    return "connection " + id + (closed.get() ? " (closed)" : gate.isBlackHoled() ? " (black hole)" : "");
  }

  /** A forwarding loop. */
  private interface IoTask {
    void run() throws IOException;
  }
}
