package io.informer4j.kubernetes.testserver;

import io.informer4j.source.WatchEventType;
import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;

/**
 * One watch event's JSON, kept in parts that are written one after the other: an object event is
 * its type's fixed opening ({@code {"type":"MODIFIED","object":}), the object's encoded JSON as
 * {@link EncodedObjects} keeps it, and the closing brace, so no copy joins them before the write.
 * An event is followed by a line feed on a chunked watch, as an API server writes it; raw bytes
 * injected into a stream ({@link #raw}) are written as they are, with no line feed of their own.
 * Immutable.
 */
final class EventJson {

  private static final Map<WatchEventType, byte[]> OPENINGS = new EnumMap<>(WatchEventType.class);
  private static final byte[] CLOSING = {'}'};
  private static final byte[] NOTHING = {};

  static {
    for (WatchEventType type : WatchEventType.values()) {
      OPENINGS.put(type, ("{\"type\":\"" + type.name() + "\",\"object\":").getBytes(StandardCharsets.UTF_8));
    }
  }

  private final byte[] opening;
  private final byte[] body;
  private final byte[] closing;
  private final boolean endsLine;

  private EventJson(byte[] opening, byte[] body, byte[] closing, boolean endsLine) {
    this.opening = opening;
    this.body = body;
    this.closing = closing;
    this.endsLine = endsLine;
  }

  /** An event of {@code type} carrying an object already encoded as JSON. */
  static EventJson withObject(WatchEventType type, byte[] objectJson) {
    return new EventJson(OPENINGS.get(type), objectJson, CLOSING, true);
  }

  /** An event encoded whole. */
  static EventJson whole(byte[] json) {
    return new EventJson(NOTHING, json, NOTHING, true);
  }

  /** Bytes to write into a stream exactly as they are (no line feed follows them): anything at all. */
  static EventJson raw(byte[] bytes) {
    return new EventJson(NOTHING, bytes, NOTHING, false);
  }

  /** Returns true when a chunked watch writes a line feed after these bytes (every event; not raw bytes). */
  boolean endsLine() {
    return endsLine;
  }

  /** Returns the length of the event's JSON in bytes. */
  int length() {
    return opening.length + body.length + closing.length;
  }

  /** Appends the event's JSON to {@code buffer}. */
  void appendTo(Buffer buffer) {
    buffer.appendBytes(opening).appendBytes(body).appendBytes(closing);
  }

  /** Returns the event's JSON as text, for a WebSocket message. */
  String text() {
    Buffer buffer = Buffer.buffer(length());
    appendTo(buffer);
    return buffer.toString(StandardCharsets.UTF_8);
  }
}
