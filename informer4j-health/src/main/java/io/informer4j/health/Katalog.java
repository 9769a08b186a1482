package io.informer4j.health;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import io.informer4j.factory.InformerEntryStatus;
import io.informer4j.factory.SharedInformerFactory;
import java.io.UncheckedIOException;
import java.time.Instant;
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
 * (for example sharding). Never includes object contents or credentials.
 *
 * <p>Written as JSON by Jackson: maps keep their order, instants are ISO-8601 strings, enums their
 * names; sections should hold plain maps, lists and values (any other object is written as a bean).
 * Thread-safe.
 */
final class Katalog {

  private static final ObjectMapper JSON = new ObjectMapper()
      .registerModule(new SimpleModule("katalog").addSerializer(Instant.class, ToStringSerializer.instance));

  private final SharedInformerFactory factory;
  private final Map<String, Supplier<?>> sections;

  Katalog(SharedInformerFactory factory, Map<String, Supplier<?>> sections) {
    this.factory = Objects.requireNonNull(factory, "factory");
    this.sections = Map.copyOf(sections);
  }

  /** Returns the document as JSON text. */
  String json() {
    try {
      return JSON.writeValueAsString(document());
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("cannot write /katalog as JSON", e);
    }
  }

  /** Returns the document as nested maps and lists. */
  Map<String, Object> document() {
    Map<String, Object> doc = new LinkedHashMap<>();
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("name", factory.name());
    header.put("started", factory.isStarted());
    header.put("status", factory.status());
    doc.put("factory", header);
    List<Object> informers = new ArrayList<>();
    for (InformerEntryStatus s : factory.statuses()) {
      informers.add(informer(s));
    }
    doc.put("informers", informers);
    sections.forEach((name, section) -> doc.put(name, section.get()));
    return doc;
  }

  private static Map<String, Object> informer(InformerEntryStatus s) {
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
    out.put("droppedByFilter", s.droppedByFilter());
    out.put("queue", s.queue());
    out.put("queueDepth", s.queueDepth());
    out.put("relists", s.relists());
    out.put("conflicts", s.conflicts());
    return out;
  }
}
