package io.informer4j.health;

import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.factory.TypeStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Builds the {@code /katalog} document: the factory's state and one object per informer (type,
 * name, state, sync, missing and presence, namespace filter and tier, cache size, last resource
 * version and event time, failures, routing counters, queue and depth), plus any extra sections
 * (for example sharding). Never includes object contents or credentials. Thread-safe.
 */
final class Katalog {

  private final SharedInformerFactory factory;
  private final Map<String, Supplier<?>> sections;

  Katalog(SharedInformerFactory factory, Map<String, Supplier<?>> sections) {
    this.factory = Objects.requireNonNull(factory, "factory");
    this.sections = Map.copyOf(sections);
  }

  /** Returns the document as nested maps and lists, ready for {@link JsonWriter}. */
  Map<String, Object> document() {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("factory", Map.of("name", factory.name(), "started", factory.isStarted(), "status", factory.status()));
    List<Object> informers = new ArrayList<>();
    for (TypeStatus s : factory.statuses()) {
      informers.add(informer(s));
    }
    doc.put("informers", informers);
    sections.forEach((name, section) -> doc.put(name, section.get()));
    return doc;
  }

  private static Map<String, Object> informer(TypeStatus s) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("type", s.type().toString());
    out.put("name", s.name());
    out.put("state", s.state());
    out.put("synced", s.synced());
    out.put("missing", s.missing());
    out.put("presence", s.presence());
    out.put("namespaces", s.namespaces());
    out.put("tier", s.tier());
    out.put("cacheSize", s.cacheSize());
    out.put("lastResourceVersion", s.lastResourceVersion());
    out.put("lastEventTime", s.lastEventTime());
    out.put("consecutiveFailures", s.consecutiveFailures());
    out.put("lastError", s.lastError());
    out.put("eventsReceived", s.eventsReceived());
    out.put("enqueued", s.enqueued());
    Map<String, Long> dropped = new LinkedHashMap<>();
    s.droppedByFilter().forEach((reason, count) -> dropped.put(reason.text(), count));
    out.put("droppedByFilter", dropped);
    out.put("queue", s.queue());
    out.put("queueDepth", s.queueDepth());
    out.put("relists", s.relists());
    out.put("conflicts", s.conflicts());
    return out;
  }
}
