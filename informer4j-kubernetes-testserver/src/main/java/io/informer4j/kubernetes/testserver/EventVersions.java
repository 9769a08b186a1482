package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.TypeKey;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The two Event APIs over one storage, as the API server serves them: {@code events.k8s.io/v1}
 * Events are stored as core {@code v1} Events (one registry, kubernetes/pkg/registry/core/event), so
 * an Event written through one API is read, listed and watched through the other, with the same
 * resourceVersions. The fields convert as kubernetes/pkg/apis/events/v1/conversion.go converts them
 * ({@code Convert_v1_Event_To_core_Event} and back): {@code note} is {@code message},
 * {@code regarding} is {@code involvedObject}, {@code deprecatedSource} is {@code source},
 * {@code deprecatedFirstTimestamp}, {@code deprecatedLastTimestamp} and {@code deprecatedCount} are
 * {@code firstTimestamp}, {@code lastTimestamp} and {@code count}, {@code reportingController} is
 * the core {@code reportingComponent}; {@code eventTime}, {@code series}, {@code action},
 * {@code related}, {@code reason}, {@code type} and {@code reportingInstance} keep their names.
 * Documents of other types pass through unchanged. Stateless.
 */
final class EventVersions {

  /** The core Event, the storage of both APIs. */
  static final TypeKey CORE = TypeKey.of("", "v1", "Event");
  /** The {@code events.k8s.io/v1} Event. */
  static final TypeKey EVENTS = TypeKey.of("events.k8s.io", "v1", "Event");

  /** The {@code events.k8s.io/v1} field names and the core names they are stored under. */
  private static final Map<String, String> TO_CORE = Map.of(
      "note", "message",
      "regarding", "involvedObject",
      "deprecatedSource", "source",
      "deprecatedFirstTimestamp", "firstTimestamp",
      "deprecatedLastTimestamp", "lastTimestamp",
      "deprecatedCount", "count",
      "reportingController", "reportingComponent");
  private static final Map<String, String> FROM_CORE = inverse(TO_CORE);

  private EventVersions() {
  }

  /** Returns the type {@code type}'s objects are stored as: the core Event for {@code events.k8s.io/v1}, else itself. */
  static TypeKey storageOf(TypeKey type) {
    return EVENTS.equals(type) ? CORE : type;
  }

  /** Returns a stored document as {@code served} serves it (converted for {@code events.k8s.io/v1}, else itself). */
  static Map<String, Object> served(TypeKey served, Map<String, Object> stored) {
    return EVENTS.equals(served) ? renamed(stored, FROM_CORE) : stored;
  }

  /** Returns a document of {@code served} as it is stored (converted for {@code events.k8s.io/v1}, else itself). */
  static Map<String, Object> stored(TypeKey served, Map<String, Object> document) {
    return EVENTS.equals(served) ? renamed(document, TO_CORE) : document;
  }

  /** Returns a document of {@code served}, or null, in the core form the Event validation reads. */
  static Map<String, Object> core(TypeKey served, Map<String, Object> document) {
    return document == null ? null : stored(served, document);
  }

  private static Map<String, Object> renamed(Map<String, Object> document, Map<String, String> names) {
    Map<String, Object> converted = new LinkedHashMap<>();
    document.forEach((key, value) -> converted.put(names.getOrDefault(key, key), value));
    return converted;
  }

  private static Map<String, String> inverse(Map<String, String> names) {
    Map<String, String> inverse = new LinkedHashMap<>();
    names.forEach((from, to) -> inverse.put(to, from));
    return Map.copyOf(inverse);
  }
}
