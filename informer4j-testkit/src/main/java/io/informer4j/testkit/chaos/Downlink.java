package io.informer4j.testkit.chaos;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The server-to-client direction of a proxied connection, written by its forwarding thread and by
 * threads injecting faults. Each write is atomic with respect to the others (a chunk frame is never
 * split by injected garbage); writes wait at the gate first, so a stall holds them back. A
 * truncation budget closes the connection once that many more bytes went out. Thread-safe.
 */
final class Downlink implements Link {

  private final OutputStream client;
  private final ConnectionGate gate;
  private final Random random;
  private final Runnable closeConnection;
  private final ReentrantLock lock = new ReentrantLock();
  private final ByteArrayOutputStream pendingGarbage = new ByteArrayOutputStream();
  private long budget = -1;
  private boolean inChunkedBody;

  /**
   * @param client          the client's socket output
   * @param gate            the connection's gate
   * @param random          the source of garbage
   * @param closeConnection closes both sides of the connection
   */
  Downlink(OutputStream client, ConnectionGate gate, Random random, Runnable closeConnection) {
    this.client = client;
    this.gate = gate;
    this.random = random;
    this.closeConnection = closeConnection;
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    gate.pass();
    lock.lock();
    try {
      writePendingGarbage();
      writeWithinBudget(bytes, offset, length);
    } finally {
      lock.unlock();
    }
  }

  /** Writes one chunk of a chunked body: size line, data, CRLF, as one write. */
  void writeChunk(byte[] bytes, int offset, int length) throws IOException {
    if (length > 0) {
      write(frame(bytes, offset, length));
    }
  }

  /** Marks the start of a chunked body: garbage injected from now on is framed as a chunk. */
  void beginChunkedBody() {
    lock.lock();
    try {
      inChunkedBody = true;
    } finally {
      lock.unlock();
    }
  }

  /** Writes the last, empty chunk that ends a chunked body. */
  void endChunkedBody() throws IOException {
    gate.pass();
    lock.lock();
    try {
      writePendingGarbage();
      inChunkedBody = false;
      writeWithinBudget("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), 0, 5);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Writes {@code count} random bytes now when the connection lets bytes pass, else as soon as it
   * does (before the next forwarded bytes).
   */
  void injectGarbage(int count) throws IOException {
    byte[] garbage = new byte[count];
    random.nextBytes(garbage);
    lock.lock();
    try {
      pendingGarbage.writeBytes(garbage);
      if (gate.isOpen()) {
        writePendingGarbage();
      }
    } finally {
      lock.unlock();
    }
  }

  /** Closes the connection once {@code bytes} more bytes went out (at once when 0). */
  void truncateAfter(long bytes) {
    lock.lock();
    try {
      budget = budget < 0 ? bytes : Math.min(budget, bytes);
      if (budget == 0) {
        closeConnection.run();
      }
    } finally {
      lock.unlock();
    }
  }

  private void writePendingGarbage() throws IOException {
    if (pendingGarbage.size() == 0) {
      return;
    }
    byte[] garbage = pendingGarbage.toByteArray();
    pendingGarbage.reset();
    byte[] out = inChunkedBody ? frame(garbage, 0, garbage.length) : garbage;
    client.write(out);
    client.flush();
  }

  private void writeWithinBudget(byte[] bytes, int offset, int length) throws IOException {
    if (budget < 0) {
      client.write(bytes, offset, length);
      client.flush();
      return;
    }
    int allowed = (int) Math.min(length, budget);
    client.write(bytes, offset, allowed);
    client.flush();
    budget -= allowed;
    if (budget == 0) {
      closeConnection.run();
      throw new SocketException("the proxied connection was truncated");
    }
  }

  private static byte[] frame(byte[] bytes, int offset, int length) {
    ByteArrayOutputStream framed = new ByteArrayOutputStream(length + 16);
    framed.writeBytes((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
    framed.write(bytes, offset, length);
    framed.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
    return framed.toByteArray();
  }
}
