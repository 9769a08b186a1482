package io.informer4j.kubernetes.internal;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Splits a byte stream of concatenated JSON objects (a Kubernetes watch over chunked HTTP: one event
 * object after another, separated by newlines or nothing) into whole objects, whatever the chunk
 * boundaries. Braces inside strings and escaped quotes are handled; whitespace between objects is
 * skipped.
 *
 * <p>Not thread-safe: one stream, fed from one thread at a time.
 */
final class JsonValueFramer {

  /** Receives one complete JSON object; the array is reused after the call returns. */
  @FunctionalInterface
  interface FrameConsumer {
    void accept(byte[] data, int length);
  }

  private final int maxFrameBytes;
  private byte[] frame;
  private int length;
  private int depth;
  private boolean inString;
  private boolean escaped;

  /** @param maxFrameBytes the largest object accepted; a bigger one fails the stream */
  JsonValueFramer(int maxFrameBytes) {
    this.maxFrameBytes = maxFrameBytes;
    this.frame = new byte[Math.min(8192, maxFrameBytes)];
  }

  /**
   * Consumes a chunk, calling {@code consumer} for every object it completes.
   *
   * @throws IllegalStateException if the stream is not a sequence of JSON objects or an object is
   *                               larger than the limit
   */
  void feed(ByteBuffer chunk, FrameConsumer consumer) {
    while (chunk.hasRemaining()) {
      byte b = chunk.get();
      if (depth == 0) {
        if (b == ' ' || b == '\n' || b == '\r' || b == '\t') {
          continue;
        }
        if (b != '{') {
          throw new IllegalStateException("the watch stream holds '" + (char) b + "' where an event object should start");
        }
      }
      append(b);
      if (inString) {
        if (escaped) {
          escaped = false;
        } else if (b == '\\') {
          escaped = true;
        } else if (b == '"') {
          inString = false;
        }
      } else if (b == '"') {
        inString = true;
      } else if (b == '{' || b == '[') {
        depth++;
      } else if ((b == '}' || b == ']') && --depth == 0) {
        consumer.accept(frame, length);
        length = 0;
      }
    }
  }

  /** Returns true when an object was started but not finished. */
  boolean hasPartialFrame() {
    return length > 0;
  }

  private void append(byte b) {
    if (length == frame.length) {
      if (length >= maxFrameBytes) {
        throw new IllegalStateException("a watch event is larger than " + maxFrameBytes + " bytes");
      }
      frame = Arrays.copyOf(frame, Math.min(maxFrameBytes, length * 2));
    }
    frame[length++] = b;
  }
}
