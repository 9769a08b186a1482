package io.informer4j.factory;

import io.informer4j.informer.HandlerRegistration;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.MapEntry;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the shared informer factory keeps for one type: the informers map's entry it routes from, the
 * options of the registration that created it, its routing handler and counters. The informer itself
 * belongs to the map. Thread-safe.
 *
 * @param <T> the object type
 */
final class Route<T> {

  private final MapEntry<T> entry;
  private final InformerOptions options;
  private final String name;
  private final LongAdder events = new LongAdder();
  private final LongAdder enqueued = new LongAdder();
  private final LongAdder rejectedByQueue = new LongAdder();
  private final Map<DropReason, LongAdder> dropped = new EnumMap<>(DropReason.class);
  private final List<String> conflicts = new ArrayList<>();
  private EventRouter<T> router;
  private HandlerRegistration routing;

  Route(MapEntry<T> entry, InformerOptions options, String name) {
    this.entry = entry;
    this.options = options;
    this.name = name;
    for (DropReason reason : DropReason.values()) {
      dropped.put(reason, new LongAdder());
    }
  }

  TypeKey type() {
    return entry.type().key();
  }

  MapEntry<T> entry() {
    return entry;
  }

  InformerOptions options() {
    return options;
  }

  String name() {
    return name;
  }

  /** Returns 1 (scoped list/watch), 2 (event filter) or 0 (no namespace rules). */
  int tier() {
    if (entry.selection().isNamespaced()) {
      return 1;
    }
    return options.namespaceFilter().isActive() ? 2 : 0;
  }

  /** Returns true once the informer synced and the routing handler got the initial list. */
  boolean hasSynced() {
    HandlerRegistration registration = routing();
    return entry.informer().hasSynced() && registration != null && registration.hasSynced();
  }

  synchronized EventRouter<T> router() {
    return router;
  }

  synchronized HandlerRegistration routing() {
    return routing;
  }

  synchronized void setRouting(EventRouter<T> router, HandlerRegistration routing) {
    this.router = router;
    this.routing = routing;
  }

  void countEvent() {
    events.increment();
  }

  void countEnqueued() {
    enqueued.increment();
  }

  void countRejectedByQueue() {
    rejectedByQueue.increment();
  }

  void countDropped(DropReason reason) {
    dropped.get(reason).increment();
  }

  long events() {
    return events.sum();
  }

  long enqueued() {
    return enqueued.sum();
  }

  long rejectedByQueue() {
    return rejectedByQueue.sum();
  }

  /** Returns the events dropped before any queue, by reason, in the reasons' order. */
  Map<DropReason, Long> droppedByFilter() {
    Map<DropReason, Long> out = new EnumMap<>(DropReason.class);
    dropped.forEach((reason, count) -> out.put(reason, count.sum()));
    return out;
  }

  synchronized void noteConflict(String description) {
    conflicts.add(description);
  }

  synchronized List<String> conflicts() {
    List<String> all = new ArrayList<>(entry.conflicts());
    all.addAll(conflicts);
    return all;
  }

  @Override
  public String toString() {
    return name + " (" + type() + ")";
  }
}
