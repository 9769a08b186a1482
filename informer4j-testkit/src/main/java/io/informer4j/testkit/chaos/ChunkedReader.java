package io.informer4j.testkit.chaos;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;

/** Reads the chunks of one chunked HTTP/1.1 body. Not thread-safe. */
final class ChunkedReader {

  private static final int MAX_LINE = 8192;

  private final InputStream in;

  ChunkedReader(InputStream in) {
    this.in = in;
  }

  /**
   * Returns the data of the next chunk, or null after the last (empty) chunk and its trailer.
   *
   * @throws ProtocolException if the framing is malformed or the stream ends inside the body
   */
  byte[] next() throws IOException {
    String sizeLine = line();
    int extension = sizeLine.indexOf(';');
    String hex = (extension < 0 ? sizeLine : sizeLine.substring(0, extension)).trim();
    int size;
    try {
      size = Integer.parseInt(hex, 16);
    } catch (NumberFormatException e) {
      throw new ProtocolException("a malformed chunk size: " + sizeLine);
    }
    if (size < 0) {
      throw new ProtocolException("a negative chunk size: " + sizeLine);
    }
    if (size == 0) {
      while (!line().isEmpty()) {
        // trailer fields are dropped
      }
      return null;
    }
    byte[] data = in.readNBytes(size);
    if (data.length < size) {
      throw new ProtocolException("the stream ended inside a chunk");
    }
    if (!line().isEmpty()) {
      throw new ProtocolException("a chunk is longer than its size");
    }
    return data;
  }

  private String line() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream(16);
    while (true) {
      int b = in.read();
      if (b < 0) {
        throw new ProtocolException("the stream ended inside a chunked body");
      }
      if (b == '\n') {
        String text = line.toString(StandardCharsets.ISO_8859_1);
        return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
      }
      if (line.size() >= MAX_LINE) {
        throw new ProtocolException("a chunk line is longer than " + MAX_LINE + " bytes");
      }
      line.write(b);
    }
  }
}
