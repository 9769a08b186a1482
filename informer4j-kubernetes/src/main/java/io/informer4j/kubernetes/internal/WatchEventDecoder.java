package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ObjectReader;

/**
 * Decodes one Kubernetes watch event ({@code {"type":"ADDED","object":{…}}}) into the core's
 * {@link WatchEvent}: the object of ADDED/MODIFIED/DELETED is bound straight from the bytes to the
 * object type; a BOOKMARK yields its resourceVersion and whether it carries the
 * {@code k8s.io/initial-events-end: "true"} annotation; an ERROR yields the typed error of its
 * Status (410 ⇒ expired, …). An event that does not decode is a {@link MalformedObjectException}
 * that says what can still be read of it: only then is the event read again, as a tree, for its
 * type and its object's {@code metadata.name}, {@code metadata.namespace} and
 * {@code metadata.resourceVersion}. Thread-safe.
 *
 * @param <T> the object type
 */
public final class WatchEventDecoder<T extends HasMetadata> {

  /** The annotation that marks the bookmark ending a watch-list's initial events. */
  public static final String INITIAL_EVENTS_END = "k8s.io/initial-events-end";

  private final ObjectMapper mapper;
  private final ObjectReader objectReader;
  private final Class<T> objectType;
  private final String what;

  /**
   * @param json       fabric8's JSON rules
   * @param objectType the class objects are bound to
   * @param what       the watch, for error messages
   */
  public WatchEventDecoder(FabricJson json, Class<T> objectType, String what) {
    this.mapper = json.mapper();
    this.objectReader = json.readerFor(objectType);
    this.objectType = objectType;
    this.what = what;
  }

  /**
   * Decodes one event: {@code length} bytes from {@code offset} hold exactly one event object.
   *
   * @throws MalformedObjectException if the event is not a watch event or its object cannot be
   *                                  bound (the watch goes on without it); it carries the event's
   *                                  type when that is an object event, the object's key when its
   *                                  {@code metadata.name} (and namespace) can still be read, and
   *                                  its resourceVersion when that can
   */
  public WatchEvent<T> decode(byte[] data, int offset, int length) {
    return read(data, offset, length, false).event();
  }

  /**
   * Decodes the event object that starts the {@code length} bytes from {@code offset} (after any
   * whitespace), wherever it ends, and tells how many bytes it took; the bytes after it are not
   * read. The event must lie on one line: API servers write one event per line, so an event with a
   * newline inside it is not taken (a stream holding one is corrupt, which framing it shows).
   *
   * @throws MalformedObjectException if the bytes do not start with a whole watch event on one line
   *                                  (one cut short included) or its object cannot be bound; the
   *                                  exception says nothing of the object (the caller frames the
   *                                  event and {@link #decode}s it to report it)
   */
  public Decoded<T> decodeFirst(byte[] data, int offset, int length) {
    return read(data, offset, length, true);
  }

  private Decoded<T> read(byte[] data, int offset, int length, boolean first) {
    String type = null;
    JsonNode objectTree = null;
    T object = null;
    int consumed;
    try (JsonParser parser = mapper.createParser(data, offset, length)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw malformed("a watch event is not a JSON object", null);
      }
      int line = first ? parser.currentTokenLocation().getLineNr() : 0;
      for (String field = parser.nextName(); field != null; field = parser.nextName()) {
        JsonToken value = parser.nextToken();
        if ("type".equals(field) && value == JsonToken.VALUE_STRING) {
          type = parser.getString();
        } else if ("object".equals(field) && value == JsonToken.START_OBJECT) {
          if (type != null && isObjectEvent(type)) {
            object = objectReader.readValue(parser);
          } else {
            objectTree = mapper.readTree(parser);
          }
        } else {
          parser.skipChildren();
        }
      }
      TokenStreamLocation end = parser.currentLocation();
      if (first && end.getLineNr() != line) {
        throw malformed("a watch event spans more than one line", null);
      }
      consumed = (int) end.getByteOffset();
    } catch (JacksonException e) {
      String problem = "cannot be read as " + objectType.getSimpleName() + ": " + e.getOriginalMessage();
      if (first) {
        throw malformed("a watch event " + problem, e);
      }
      throw unreadableEvent(type, ObjectIdentity.readFirstValue(mapper, data, offset, length), problem, e);
    }
    if (type == null) {
      throw malformed("a watch event has no type", null);
    }
    return new Decoded<>(toEvent(type, object, objectTree), consumed);
  }

  /**
   * An event and the number of bytes its JSON object took (from the offset it was decoded at).
   *
   * @param <T> the object type
   */
  public record Decoded<T>(WatchEvent<T> event, int length) {
  }

  private WatchEvent<T> toEvent(String type, T object, JsonNode tree) {
    switch (type) {
      case "ADDED", "MODIFIED", "DELETED" -> {
        T value = object != null ? object : bind(type, tree);
        if (value == null) {
          throw new MalformedObjectException(what + ": a " + type + " event has no object", null,
              objectEventType(type), null);
        }
        return switch (type) {
          case "ADDED" -> WatchEvent.added(value);
          case "MODIFIED" -> WatchEvent.modified(value);
          default -> WatchEvent.deleted(value);
        };
      }
      case "BOOKMARK" -> {
        JsonNode metadata = tree == null ? null : tree.path("metadata");
        String version = metadata == null ? "" : metadata.path("resourceVersion").asString("");
        if (version.isEmpty()) {
          throw malformed("a BOOKMARK event has no resourceVersion", null);
        }
        boolean end = "true".equals(metadata.path("annotations").path(INITIAL_EVENTS_END).asString(""));
        return WatchEvent.bookmark(version, end);
      }
      case "ERROR" -> {
        return WatchEvent.error(ErrorMapping.fromWatchError(what, ApiStatus.from(tree)));
      }
      default -> throw malformed("a watch event has the unknown type '" + type + "'", null);
    }
  }

  private T bind(String type, JsonNode tree) {
    if (tree == null) {
      return null;
    }
    try {
      return mapper.treeToValue(tree, objectType);
    } catch (JacksonException e) {
      throw unreadableObject(type, tree, "cannot be read as " + objectType.getSimpleName() + ": "
          + e.getOriginalMessage(), e);
    }
  }

  /**
   * The problem of an event that did not decode, with what is still known of it: the type (as read,
   * else from {@code event}, the event read again as a tree, null when even that failed) when it is
   * an object event, and the key of its object when its name can be read.
   */
  private MalformedObjectException unreadableEvent(String type, JsonNode event, String problem, JacksonException cause) {
    String eventType = type != null || event == null ? type : textOrNull(event.path("type"));
    return unreadableObject(eventType, event == null ? null : event.path("object"), problem, cause);
  }

  /** As {@link #unreadableEvent}, for an event of {@code type} whose object's tree is {@code object} (may be null). */
  private MalformedObjectException unreadableObject(String type, JsonNode object, String problem, JacksonException cause) {
    WatchEventType eventType = objectEventType(type);
    ObjectKey key = eventType == null ? null : ObjectIdentity.keyOf(object);
    String version = eventType == null ? null : ObjectIdentity.resourceVersionOf(object);
    String subject = eventType == null ? "a watch event" : "the object of a " + type + " event"
        + (key == null ? "" : " (" + key + (version == null ? "" : " at " + version) + ")");
    return new MalformedObjectException(what + ": " + subject + " " + problem, key, eventType, version, cause);
  }

  private static String textOrNull(JsonNode node) {
    return node.isString() ? node.asString() : null;
  }

  private static boolean isObjectEvent(String type) {
    return "ADDED".equals(type) || "MODIFIED".equals(type) || "DELETED".equals(type);
  }

  /** Returns the object event type named {@code type}, or null for any other text. */
  private static WatchEventType objectEventType(String type) {
    return isObjectEvent(type) ? WatchEventType.valueOf(type) : null;
  }

  private MalformedObjectException malformed(String message, Throwable cause) {
    return new MalformedObjectException(what + ": " + message, cause);
  }
}
