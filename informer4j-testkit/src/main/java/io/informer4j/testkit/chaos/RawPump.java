package io.informer4j.testkit.chaos;

import java.io.IOException;
import java.io.InputStream;

/** Copies bytes from a socket's input to a {@link Link} until the input ends. */
final class RawPump {

  private static final int BUFFER = 64 * 1024;

  private RawPump() {
  }

  /**
   * Copies until {@code in} ends.
   *
   * @throws IOException if reading or writing fails
   */
  static void copy(InputStream in, Link out) throws IOException {
    byte[] buffer = new byte[BUFFER];
    int read;
    while ((read = in.read(buffer)) >= 0) {
      if (read > 0) {
        out.write(buffer, 0, read);
      }
    }
  }
}
