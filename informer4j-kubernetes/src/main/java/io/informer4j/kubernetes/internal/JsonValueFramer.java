package io.informer4j.kubernetes.internal;

import java.util.Arrays;

/**
 * Splits a byte stream of concatenated JSON objects (a Kubernetes watch over chunked HTTP: one event
 * object after another, separated by newlines or nothing) into whole objects, whatever the chunk
 * boundaries. Braces inside strings and escaped quotes are handled; whitespace between objects is
 * skipped. An object that lies within one chunk is handed over in place, without a copy; only an
 * object split across chunks is assembled in a buffer of its own. {@link WatchStreamReader} uses it
 * only for what it cannot decode in place.
 *
 * <p>A line feed inside an object is corruption: API servers write each event on one line, and a
 * JSON string holds no raw line feed, so an object still open at a line feed was cut short; the
 * bytes after it are the next event, which would otherwise be swallowed into it, and so would every
 * event after that, for as long as the watch lasts.
 *
 * <p>Not thread-safe: one stream, fed from one thread at a time.
 */
public final class JsonValueFramer {

  /** Receives one complete JSON object; the array is reused (or belongs to the chunk) after the call returns. */
  @FunctionalInterface
  public interface FrameConsumer {
    void accept(byte[] data, int offset, int length);
  }

  private final int maxFrameBytes;
  private byte[] frame;
  private int length;
  private int depth;
  private boolean inString;
  private boolean escaped;

  /** @param maxFrameBytes the largest object accepted; a bigger one fails the stream */
  public JsonValueFramer(int maxFrameBytes) {
    this.maxFrameBytes = maxFrameBytes;
    this.frame = new byte[Math.min(8192, maxFrameBytes)];
  }

  /**
   * Consumes {@code bytes[from..end)}, calling {@code consumer} for every object they complete.
   *
   * @throws CorruptStreamException if the stream is not a sequence of JSON objects each on one line,
   *                                or an object is larger than the limit; the objects before it
   *                                were handed over
   */
  public void feed(byte[] bytes, int from, int end, FrameConsumer consumer) {
    scan(bytes, from, end, consumer, false);
  }

  /**
   * Consumes {@code bytes[from..)} until one object completes: calls {@code consumer} with it and
   * returns the index after it; or keeps the object's beginning and returns {@code end} when the
   * bytes end first (then {@link #hasPartialFrame()}).
   *
   * @throws CorruptStreamException as {@link #feed}
   */
  public int feedOne(byte[] bytes, int from, int end, FrameConsumer consumer) {
    return scan(bytes, from, end, consumer, true);
  }

  private int scan(byte[] bytes, int from, int end, FrameConsumer consumer, boolean one) {
    int start = from;
    int i = from;
    while (i < end) {
      byte b = bytes[i];
      if (depth == 0) {
        if (isWhitespace(b)) {
          i++;
          start = i;
          continue;
        }
        if (b != '{') {
          throw new CorruptStreamException("the watch stream holds '" + (char) b + "' where an event object should start");
        }
      } else if (b == '\n') {
        throw cutShort();
      }
      if (inString) {
        i = skipString(bytes, i, end);
        continue;
      }
      if (b == '"') {
        inString = true;
      } else if (b == '{' || b == '[') {
        depth++;
      } else if ((b == '}' || b == ']') && --depth == 0) {
        complete(bytes, start, i + 1, consumer);
        start = i + 1;
        if (one) {
          return start;
        }
      }
      i++;
    }
    if (depth > 0 || inString) {
      append(bytes, start, end);
    }
    return end;
  }

  /** Moves through a string from {@code i}; returns the index after its closing quote, or {@code end}. */
  private int skipString(byte[] bytes, int i, int end) {
    int at = i;
    if (escaped) {
      escaped = false;
      at++;
    }
    while (at < end) {
      byte b = bytes[at++];
      if (b == '\n') {
        throw cutShort();
      }
      if (b == '\\') {
        if (at == end) {
          escaped = true;
          return end;
        }
        if (bytes[at] == '\n') {
          throw cutShort();
        }
        at++;
      } else if (b == '"') {
        inString = false;
        return at;
      }
    }
    return end;
  }

  private static CorruptStreamException cutShort() {
    return new CorruptStreamException("a watch event was cut short: a line feed came before its end");
  }

  private void complete(byte[] bytes, int start, int stop, FrameConsumer consumer) {
    if (length == 0) {
      checkSize(stop - start);
      consumer.accept(bytes, start, stop - start);
    } else {
      append(bytes, start, stop);
      consumer.accept(frame, 0, length);
      length = 0;
    }
  }

  /** Returns true for the bytes JSON allows between values: space, tab, line feed, carriage return. */
  static boolean isWhitespace(byte b) {
    return b == ' ' || b == '\n' || b == '\r' || b == '\t';
  }

  /** Returns true when an object was started but not finished. */
  public boolean hasPartialFrame() {
    return length > 0;
  }

  private void append(byte[] bytes, int start, int stop) {
    int count = stop - start;
    checkSize(length + count);
    if (length + count > frame.length) {
      frame = Arrays.copyOf(frame, Math.min(maxFrameBytes, Math.max(length + count, frame.length * 2)));
    }
    System.arraycopy(bytes, start, frame, length, count);
    length += count;
  }

  private void checkSize(int bytes) {
    if (bytes > maxFrameBytes) {
      throw new CorruptStreamException("a watch event is larger than " + maxFrameBytes + " bytes");
    }
  }
}
