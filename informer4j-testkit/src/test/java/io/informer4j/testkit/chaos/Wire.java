package io.informer4j.testkit.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** One end of a test connection: writes text, reads bytes, HTTP heads and chunks, with a 10 s timeout. */
final class Wire implements AutoCloseable {

  private static final int TIMEOUT_MILLIS = 10_000;

  private final Socket socket;
  private final InputStream in;

  Wire(Socket socket) {
    try {
      this.socket = socket;
      socket.setSoTimeout(TIMEOUT_MILLIS);
      this.in = new BufferedInputStream(socket.getInputStream());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Connects to a loopback port. */
  static Wire connect(int port) throws IOException {
    return new Wire(new Socket(InetAddress.getLoopbackAddress(), port));
  }

  void send(String text) throws IOException {
    send(text.getBytes(StandardCharsets.UTF_8));
  }

  void send(byte[] bytes) throws IOException {
    socket.getOutputStream().write(bytes);
    socket.getOutputStream().flush();
  }

  /** Sends one chunk of a chunked body. */
  void sendChunk(String data) throws IOException {
    send(chunk(data));
  }

  /** Returns {@code data} framed as one chunk of a chunked body. */
  static String chunk(String data) {
    return Integer.toHexString(data.getBytes(StandardCharsets.UTF_8).length) + "\r\n" + data + "\r\n";
  }

  byte[] read(int count) throws IOException {
    byte[] bytes = in.readNBytes(count);
    assertThat(bytes).as("bytes before the stream ended").hasSize(count);
    return bytes;
  }

  String readText(int count) throws IOException {
    return new String(read(count), StandardCharsets.UTF_8);
  }

  HttpHead readHead() throws IOException {
    HttpHead head = HttpHead.read(in);
    assertThat(head).as("an HTTP head").isNotNull();
    return head;
  }

  /** Reads the next chunk's data; null after the last chunk. */
  byte[] readChunk() throws IOException {
    return new ChunkedReader(in).next();
  }

  String readChunkText() throws IOException {
    byte[] chunk = readChunk();
    return chunk == null ? null : new String(chunk, StandardCharsets.UTF_8);
  }

  /** Reads until the peer closes; fails if it does not within the timeout. */
  byte[] readToEnd() throws IOException {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    try {
      in.transferTo(all);
    } catch (SocketException e) {
      // a reset ends the stream too
    }
    return all.toByteArray();
  }

  /** Returns true when the peer closed (or reset) the connection: the next read ends the stream. */
  boolean isClosedByPeer() throws IOException {
    try {
      return in.read() < 0;
    } catch (SocketException e) {
      return true;
    }
  }

  /** Asserts that nothing arrives for {@code quiet} and that the connection is still open. */
  void assertSilentFor(Duration quiet) throws IOException {
    socket.setSoTimeout((int) quiet.toMillis());
    try {
      int b = in.read();
      throw new AssertionError(b < 0 ? "the connection was closed" : "a byte arrived: " + b);
    } catch (SocketTimeoutException expected) {
      // silent and open
    } finally {
      socket.setSoTimeout(TIMEOUT_MILLIS);
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
