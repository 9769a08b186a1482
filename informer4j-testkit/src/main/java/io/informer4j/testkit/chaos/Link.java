package io.informer4j.testkit.chaos;

import java.io.IOException;

/** One direction of a proxied connection, where forwarded bytes are written. */
interface Link {

  /**
   * Writes and flushes bytes, after waiting while the connection is stalled or black-holed.
   *
   * @throws IOException if the connection is or becomes closed
   */
  void write(byte[] bytes, int offset, int length) throws IOException;

  /** Writes and flushes all of {@code bytes}. */
  default void write(byte[] bytes) throws IOException {
    write(bytes, 0, bytes.length);
  }
}
