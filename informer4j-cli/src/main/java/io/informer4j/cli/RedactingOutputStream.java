package io.informer4j.cli;

import io.informer4j.source.Redaction;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Passes UTF-8 text on to another stream line by line, each line through {@link Redaction#redact}:
 * a line goes on at its end ({@code \n}), or as far as it came when the stream is flushed or
 * closed. Thread-safe.
 */
final class RedactingOutputStream extends OutputStream {

  private final OutputStream target;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  /** Writes to {@code target} (which this stream flushes, and never closes). */
  RedactingOutputStream(OutputStream target) {
    this.target = target;
  }

  /**
   * Returns a print stream that writes to {@code target} what it is given, line by line, with
   * credentials hidden (UTF-8; a line is passed on at its end or when the stream is flushed).
   */
  static PrintStream printStream(PrintStream target) {
    return new PrintStream(new RedactingOutputStream(target), true, StandardCharsets.UTF_8);
  }

  @Override
  public synchronized void write(int b) throws IOException {
    line.write(b);
    if (b == '\n') {
      pass();
    }
  }

  @Override
  public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
    int start = offset;
    int end = offset + length;
    for (int i = offset; i < end; i++) {
      if (bytes[i] == '\n') {
        line.write(bytes, start, i + 1 - start);
        pass();
        start = i + 1;
      }
    }
    line.write(bytes, start, end - start);
  }

  @Override
  public synchronized void flush() throws IOException {
    pass();
    target.flush();
  }

  @Override
  public void close() throws IOException {
    flush();
  }

  private void pass() throws IOException {
    if (line.size() == 0) {
      return;
    }
    String text = line.toString(StandardCharsets.UTF_8);
    line.reset();
    target.write(Redaction.redact(text).getBytes(StandardCharsets.UTF_8));
  }
}
