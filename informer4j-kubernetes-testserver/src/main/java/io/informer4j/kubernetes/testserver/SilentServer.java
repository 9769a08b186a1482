package io.informer4j.kubernetes.testserver;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A server on loopback that accepts connections and then goes silent, as a black-holed API server
 * or a proxy that lost its upstream does: each connection's request is read, then either nothing
 * is ever answered, or the head of an answer and the start of its body ({@link #answering}) are
 * sent and nothing after them. Connections stay open until {@link #close()}. Thread-safe.
 */
public final class SilentServer implements AutoCloseable {

  private final ServerSocket socket;
  private final byte[] answer;
  private final List<Socket> connections = new ArrayList<>();
  private final CompletableFuture<String> firstRequest = new CompletableFuture<>();

  private SilentServer(byte[] answer) throws IOException {
    this.answer = answer;
    this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "silent-server");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** Starts a server that reads each request and never answers it. */
  public static SilentServer neverAnswering() throws IOException {
    return new SilentServer(new byte[0]);
  }

  /**
   * Starts a server that answers each request with 200, a chunked JSON body whose first chunk is
   * {@code bodyStart}, and then nothing more.
   */
  public static SilentServer answering(String bodyStart) throws IOException {
    byte[] body = bodyStart.getBytes(StandardCharsets.UTF_8);
    String head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        + Integer.toHexString(body.length) + "\r\n";
    byte[] start = (head + bodyStart + "\r\n").getBytes(StandardCharsets.UTF_8);
    return new SilentServer(start);
  }

  /** Returns the server's base URL, {@code http://127.0.0.1:<port>/}. */
  public String url() {
    return "http://127.0.0.1:" + socket.getLocalPort() + "/";
  }

  /** Returns a future completed with the request line of the first request, once the server read it and sent what it sends. */
  public CompletableFuture<String> firstRequest() {
    return firstRequest;
  }

  private void accept() {
    while (!socket.isClosed()) {
      try {
        Socket connection = socket.accept();
        synchronized (connections) {
          connections.add(connection);
        }
        String requestLine = readHead(connection.getInputStream());
        OutputStream out = connection.getOutputStream();
        out.write(answer);
        out.flush();
        firstRequest.complete(requestLine);
      } catch (SocketException closed) {
        return;
      } catch (IOException e) {
        firstRequest.completeExceptionally(e);
      }
    }
  }

  /** Reads a request's head (up to the empty line) and returns its first line. */
  private static String readHead(InputStream in) throws IOException {
    StringBuilder head = new StringBuilder();
    int b;
    while ((b = in.read()) >= 0) {
      head.append((char) b);
      if (head.length() >= 4 && head.substring(head.length() - 4).equals("\r\n\r\n")) {
        break;
      }
    }
    int end = head.indexOf("\r\n");
    return end < 0 ? head.toString() : head.substring(0, end);
  }

  /** Closes the server and every connection it accepted. */
  @Override
  public void close() throws IOException {
    socket.close();
    synchronized (connections) {
      for (Socket connection : connections) {
        connection.close();
      }
    }
  }
}
