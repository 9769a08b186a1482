package io.informer4j.testkit.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A loopback server whose accepted connections the test takes and drives byte by byte. */
final class TargetServer implements AutoCloseable {

  private final ServerSocket socket;
  private final BlockingQueue<Socket> accepted = new LinkedBlockingQueue<>();

  TargetServer() {
    try {
      socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Thread acceptor = new Thread(() -> {
      try {
        while (true) {
          accepted.add(socket.accept());
        }
      } catch (IOException e) {
        // closed
      }
    }, "target-server-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return socket.getLocalPort();
  }

  /** Returns the next accepted connection, waiting up to 10 s. */
  Wire nextConnection() throws InterruptedException {
    Socket next = accepted.poll(10, TimeUnit.SECONDS);
    if (next == null) {
      throw new AssertionError("the target accepted no connection within 10 s");
    }
    return new Wire(next);
  }

  /** Returns true when a connection was accepted and not yet taken. */
  boolean hasWaitingConnection() {
    return !accepted.isEmpty();
  }

  @Override
  public void close() throws IOException {
    socket.close();
    for (Socket open : accepted) {
      open.close();
    }
  }
}
