package io.informer4j.health;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.factory.TypeStatus;
import io.informer4j.informer.HandlerRegistration;
import io.informer4j.informer.InformerStatus;
import io.informer4j.manager.ControllerStatus;
import io.informer4j.manager.Manager;
import io.informer4j.reader.MapEntry;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Builds the {@code /katalog} document of a {@link Manager}: the manager's state; one object per
 * informer (type, representation, selection, state, sync, missing and presence, cache size, last
 * resource version and event time, failures, stale keys, cache lag, handlers); one per controller
 * (state, watches, workers, queue, counters); the shared informer factory's routing per type when
 * the manager has one; plus any extra sections (for example sharding). Never includes object
 * contents or credentials.
 *
 * <p>Public for other servers of the same document (the Spring Boot starter's actuator endpoint).
 *
 * <p>Written as JSON by Jackson: maps keep their order, instants are ISO-8601 strings, enums their
 * names; sections should hold plain maps, lists and values (any other object is written as a bean).
 * Thread-safe.
 */
public final class Katalog {

  private static final ObjectMapper JSON = new ObjectMapper()
      .registerModule(new SimpleModule("katalog").addSerializer(Instant.class, ToStringSerializer.instance));

  private final Manager manager;
  private final Map<String, Supplier<?>> sections;

  /**
   * @param manager  the manager described
   * @param sections extra top-level sections by name, each read when the document is built
   */
  public Katalog(Manager manager, Map<String, Supplier<?>> sections) {
    this.manager = Objects.requireNonNull(manager, "manager");
    this.sections = Map.copyOf(sections);
  }

  /** Returns the document as JSON text. */
  public String json() {
    try {
      return JSON.writeValueAsString(document());
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException("cannot write /katalog as JSON", e);
    }
  }

  /** Returns the document as nested maps and lists, ready for JSON. */
  Map<String, Object> document() {
    Map<String, Object> doc = new LinkedHashMap<>();
    Map<String, Object> state = new LinkedHashMap<>();
    state.put("running", manager.cache().isRunning());
    state.put("ready", manager.isReady());
    doc.put("manager", state);
    List<Object> informers = new ArrayList<>();
    for (MapEntry<?> entry : manager.cache().entries()) {
      informers.add(informer(entry));
    }
    doc.put("informers", informers);
    List<Object> controllers = new ArrayList<>();
    for (ControllerStatus controller : manager.controllers()) {
      controllers.add(controller(controller));
    }
    doc.put("controllers", controllers);
    manager.existingFactory().ifPresent(factory -> doc.put("factory", factory(factory)));
    sections.forEach((name, section) -> doc.put(name, section.get()));
    return doc;
  }

  private static Map<String, Object> informer(MapEntry<?> entry) {
    InformerStatus s = entry.informer().status();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("type", entry.type().key().toString());
    out.put("representation", entry.type().representation());
    out.put("name", s.name());
    out.put("namespace", entry.selection().namespace());
    out.put("labelSelector", entry.selection().labels().toString());
    out.put("fieldSelector", entry.selection().fields().toString());
    out.put("state", s.state());
    out.put("synced", s.synced());
    out.put("missing", entry.isMissing());
    out.put("presence", entry.presence());
    out.put("cacheSize", s.cacheSize());
    out.put("lastResourceVersion", s.lastSyncResourceVersion());
    out.put("lastEventTime", s.lastEventTime());
    out.put("consecutiveFailures", s.consecutiveFailures());
    out.put("lastError", s.lastError());
    out.put("relists", s.relists());
    out.put("malformed", s.malformed());
    out.put("staleObjects", s.staleObjects());
    out.put("staleKeys", s.staleKeys());
    out.put("idleTimeouts", s.idleTimeouts());
    out.put("watchListFallbacks", s.watchListFallbacks());
    out.put("cacheLagSeconds", s.cacheLag().toMillis() / 1000.0);
    List<Object> handlers = new ArrayList<>();
    for (HandlerRegistration handler : entry.informer().handlers()) {
      Map<String, Object> h = new LinkedHashMap<>();
      h.put("name", handler.name());
      h.put("synced", handler.hasSynced());
      h.put("pending", handler.pending());
      h.put("stuck", handler.isStuck());
      h.put("failures", handler.failures());
      handlers.add(h);
    }
    out.put("handlers", handlers);
    out.put("conflicts", entry.conflicts());
    return out;
  }

  private static Map<String, Object> controller(ControllerStatus c) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", c.name());
    out.put("primary", c.primary().toString());
    out.put("watches", c.watches().stream().map(Object::toString).toList());
    out.put("state", c.state());
    out.put("failure", c.failure());
    out.put("workers", c.workers());
    out.put("activeWorkers", c.activeWorkers());
    out.put("queueDepth", c.queueDepth());
    out.put("enqueued", c.enqueued());
    out.put("filtered", c.filtered());
    out.put("mappingErrors", c.mappingErrors());
    out.put("stuckReconciles", c.stuckReconciles());
    return out;
  }

  private static Map<String, Object> factory(SharedInformerFactory factory) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("started", factory.isStarted());
    out.put("status", factory.status());
    List<Object> types = new ArrayList<>();
    for (TypeStatus s : factory.statuses()) {
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("type", s.type().toString());
      t.put("name", s.name());
      t.put("synced", s.synced());
      t.put("missing", s.missing());
      t.put("namespaces", s.namespaces());
      t.put("tier", s.tier());
      t.put("eventsReceived", s.eventsReceived());
      t.put("enqueued", s.enqueued());
      Map<String, Long> dropped = new LinkedHashMap<>();
      s.droppedByFilter().forEach((reason, count) -> dropped.put(reason.text(), count));
      t.put("droppedByFilter", dropped);
      t.put("queue", s.queue());
      t.put("queueDepth", s.queueDepth());
      t.put("conflicts", s.conflicts());
      types.add(t);
    }
    out.put("types", types);
    return out;
  }
}
