package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.source.WatchListener;
import java.nio.ByteBuffer;

/**
 * Reads the body of a watch over chunked HTTP, chunk after chunk, and delivers its events. API
 * servers end every event with a newline, and a JSON text holds no raw newline inside a string, so
 * the events that end before a chunk's last newline are decoded where they lie, in one pass of the
 * JSON parser that also finds where each ends. Only what that cannot settle goes through a
 * {@link JsonValueFramer}: the event cut by the chunk's end (assembled across chunks), an event
 * that does not decode (delivered as malformed from its exact frame, the stream going on after it),
 * and every event of a stream that puts no newlines between them. An event with a line feed inside
 * it (one cut short and followed by the next line) makes the stream corrupt: the events before it
 * are delivered, then {@link #feed} throws, whatever the chunk boundaries.
 *
 * <p>Not thread-safe: one stream, fed from one thread at a time.
 *
 * @param <T> the object type
 */
public final class WatchStreamReader<T extends HasMetadata> {

  private final JsonValueFramer framer;
  private final WatchDelivery<T> delivery;
  private final JsonValueFramer.FrameConsumer framed;
  private byte[] copied = new byte[0];

  /**
   * A reader delivering to {@code listener}: its calls never overlap; a malformed event goes to
   * {@code onMalformed} and the stream goes on. The reader never calls {@code onClose}.
   *
   * @param maxEventBytes the largest event accepted; a bigger one fails the stream
   */
  public WatchStreamReader(int maxEventBytes, WatchEventDecoder<T> decoder, WatchListener<T> listener) {
    this(maxEventBytes, new WatchDelivery<>(decoder, listener));
  }

  /**
   * @param maxEventBytes the largest event accepted; a bigger one fails the stream
   * @param delivery      where the events go
   */
  WatchStreamReader(int maxEventBytes, WatchDelivery<T> delivery) {
    this.framer = new JsonValueFramer(maxEventBytes);
    this.delivery = delivery;
    this.framed = delivery::deliver;
  }

  /**
   * Consumes one chunk of the body, delivering every event it completes; the chunk is read to its
   * limit.
   *
   * @throws CorruptStreamException if the stream is not a sequence of JSON objects each on one line,
   *                                or an event is larger than the limit (the events before it were
   *                                delivered; the reader is of no further use)
   */
  public void feed(ByteBuffer chunk) {
    byte[] bytes;
    int at;
    int end;
    if (chunk.hasArray()) {
      bytes = chunk.array();
      at = chunk.arrayOffset() + chunk.position();
      end = at + chunk.remaining();
    } else {
      if (copied.length < chunk.remaining()) {
        copied = new byte[chunk.remaining()];
      }
      bytes = copied;
      at = 0;
      end = chunk.remaining();
      chunk.get(bytes, 0, end);
    }
    chunk.position(chunk.limit());
    feed(bytes, at, end);
  }

  private void feed(byte[] bytes, int from, int end) {
    int at = from;
    if (framer.hasPartialFrame()) {
      at = framer.feedOne(bytes, at, end, framed);
      if (framer.hasPartialFrame()) {
        return;
      }
    }
    int lines = afterLastNewline(bytes, at, end);
    while ((at = skipWhitespace(bytes, at, lines)) < lines) {
      int length = delivery.deliverFirst(bytes, at, lines - at);
      if (length > 0) {
        at += length;
      } else {
        at = framer.feedOne(bytes, at, end, framed);
        if (framer.hasPartialFrame()) {
          return;
        }
      }
    }
    framer.feed(bytes, at, end, framed);
  }

  /** Returns true when an event was started but not finished. */
  public boolean hasPartialEvent() {
    return framer.hasPartialFrame();
  }

  /** Returns the index after the last newline of {@code bytes[from..end)}, or {@code from} when there is none. */
  private static int afterLastNewline(byte[] bytes, int from, int end) {
    for (int i = end - 1; i >= from; i--) {
      if (bytes[i] == '\n') {
        return i + 1;
      }
    }
    return from;
  }

  private static int skipWhitespace(byte[] bytes, int from, int end) {
    int i = from;
    while (i < end && JsonValueFramer.isWhitespace(bytes[i])) {
      i++;
    }
    return i;
  }
}
