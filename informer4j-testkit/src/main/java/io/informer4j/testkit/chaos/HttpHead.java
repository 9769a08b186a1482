package io.informer4j.testkit.chaos;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The head of an HTTP/1.1 message (start line and header fields) as read from the wire, kept as the
 * exact bytes so it can be forwarded unchanged. Immutable.
 *
 * @param bytes     the head as received, up to and including the empty line
 * @param startLine the request line or status line
 * @param fields    the header fields as {@code name: value} pairs, in order
 */
record HttpHead(byte[] bytes, String startLine, List<String[]> fields) {

  private static final int MAX_HEAD = 1 << 20;

  /**
   * Reads one head.
   *
   * @return the head, or null when the stream ends cleanly before its first byte
   * @throws ProtocolException if the head is malformed, too large or cut short
   */
  static HttpHead read(InputStream in) throws IOException {
    ByteArrayOutputStream raw = new ByteArrayOutputStream(512);
    List<String> lines = new ArrayList<>();
    ByteArrayOutputStream line = new ByteArrayOutputStream(128);
    while (true) {
      int b = in.read();
      if (b < 0) {
        if (raw.size() == 0) {
          return null;
        }
        throw new ProtocolException("the stream ended inside an HTTP head");
      }
      raw.write(b);
      if (raw.size() > MAX_HEAD) {
        throw new ProtocolException("an HTTP head is larger than " + MAX_HEAD + " bytes");
      }
      if (b != '\n') {
        line.write(b);
        continue;
      }
      String text = line.toString(StandardCharsets.ISO_8859_1);
      line.reset();
      if (text.endsWith("\r")) {
        text = text.substring(0, text.length() - 1);
      }
      if (text.isEmpty()) {
        if (lines.isEmpty()) {
          continue; // a stray empty line before a message is ignored, as RFC 9112 allows
        }
        return parse(raw.toByteArray(), lines);
      }
      lines.add(text);
    }
  }

  private static HttpHead parse(byte[] bytes, List<String> lines) throws ProtocolException {
    List<String[]> fields = new ArrayList<>();
    for (String field : lines.subList(1, lines.size())) {
      int colon = field.indexOf(':');
      if (colon <= 0) {
        throw new ProtocolException("a malformed HTTP header field: " + field);
      }
      fields.add(new String[] {field.substring(0, colon).trim(), field.substring(colon + 1).trim()});
    }
    return new HttpHead(bytes, lines.get(0), List.copyOf(fields));
  }

  /** Returns the value of the first field named {@code name} (case-insensitive), or null. */
  String field(String name) {
    for (String[] field : fields) {
      if (field[0].equalsIgnoreCase(name)) {
        return field[1];
      }
    }
    return null;
  }

  /** Returns true when a field named {@code name} lists {@code token} (case-insensitive, comma-separated). */
  boolean hasToken(String name, String token) {
    for (String[] field : fields) {
      if (field[0].equalsIgnoreCase(name)) {
        for (String part : field[1].split(",")) {
          if (part.trim().equalsIgnoreCase(token)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Returns the declared Content-Length, or -1 when there is none. */
  long contentLength() throws ProtocolException {
    String value = field("Content-Length");
    if (value == null) {
      return -1;
    }
    try {
      long length = Long.parseLong(value.trim());
      if (length < 0) {
        throw new ProtocolException("a negative Content-Length: " + value);
      }
      return length;
    } catch (NumberFormatException e) {
      throw new ProtocolException("a malformed Content-Length: " + value);
    }
  }

  /** Returns true when the body is chunked. */
  boolean isChunked() {
    return hasToken("Transfer-Encoding", "chunked");
  }

  /** Returns true when the message asks to close the connection after it. */
  boolean closesConnection() {
    return hasToken("Connection", "close");
  }

  /** Returns a request's method as sent. */
  String method() throws ProtocolException {
    return part(0);
  }

  /** Returns a request's target (path and query). */
  String target() throws ProtocolException {
    return part(1);
  }

  /** Returns a response's status code. */
  int status() throws ProtocolException {
    try {
      return Integer.parseInt(part(1));
    } catch (NumberFormatException e) {
      throw new ProtocolException("a malformed status line: " + startLine);
    }
  }

  /** Returns true for a request asking to switch to the WebSocket protocol. */
  boolean isUpgrade() {
    String upgrade = field("Upgrade");
    return upgrade != null && hasToken("Connection", "upgrade") && !upgrade.isBlank();
  }

  private String part(int index) throws ProtocolException {
    String[] parts = startLine.split(" ", 3);
    if (parts.length <= index) {
      throw new ProtocolException("a malformed start line: " + startLine);
    }
    return parts[index];
  }
}
