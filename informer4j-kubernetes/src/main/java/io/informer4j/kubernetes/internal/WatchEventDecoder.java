package io.informer4j.kubernetes.internal;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.WatchEvent;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ObjectReader;

/**
 * Decodes one Kubernetes watch event ({@code {"type":"ADDED","object":{…}}}) into the core's
 * {@link WatchEvent}: the object of ADDED/MODIFIED/DELETED is bound straight from the bytes to the
 * object type; a BOOKMARK yields its resourceVersion and whether it carries the
 * {@code k8s.io/initial-events-end: "true"} annotation; an ERROR yields the typed error of its
 * Status (410 ⇒ expired, …). Thread-safe.
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
   *                                  bound (the watch goes on without it)
   */
  public WatchEvent<T> decode(byte[] data, int offset, int length) {
    return decodeFirst(data, offset, length).event();
  }

  /**
   * Decodes the event object that starts the {@code length} bytes from {@code offset} (after any
   * whitespace), wherever it ends, and tells how many bytes it took; the bytes after it are not
   * read.
   *
   * @throws MalformedObjectException if the bytes do not start with a whole watch event (one cut
   *                                  short included) or its object cannot be bound
   */
  public Decoded<T> decodeFirst(byte[] data, int offset, int length) {
    String type = null;
    JsonNode objectTree = null;
    T object = null;
    int consumed;
    try (JsonParser parser = mapper.createParser(data, offset, length)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw malformed("a watch event is not a JSON object", null);
      }
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
      consumed = (int) parser.currentLocation().getByteOffset();
    } catch (JacksonException e) {
      throw malformed("a watch event cannot be read as " + objectType.getSimpleName() + ": " + e.getOriginalMessage(), e);
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
        T value = object != null ? object : bind(tree);
        if (value == null) {
          throw malformed("a " + type + " event has no object", null);
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

  private T bind(JsonNode tree) {
    if (tree == null) {
      return null;
    }
    try {
      return mapper.treeToValue(tree, objectType);
    } catch (JacksonException e) {
      throw malformed("a watch event's object cannot be read as " + objectType.getSimpleName() + ": " + e.getOriginalMessage(), e);
    }
  }

  private static boolean isObjectEvent(String type) {
    return "ADDED".equals(type) || "MODIFIED".equals(type) || "DELETED".equals(type);
  }

  private MalformedObjectException malformed(String message, Throwable cause) {
    return new MalformedObjectException(what + ": " + message, cause);
  }
}
