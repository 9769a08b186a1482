package io.informer4j.factory;

import io.informer4j.controller.EnqueueCounters;
import io.informer4j.controller.EnqueueHandler;
import io.informer4j.informer.HandlerRegistration;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.reader.MapEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the shared informer factory keeps for one type: the informers map's entry it routes from, the
 * options of the registration that created it, its routing handler (an {@link EnqueueHandler} whose
 * items are {@link QueueItem}s) and that handler's counters. The informer itself
 * belongs to the map. Thread-safe.
 *
 * @param <T> the object type
 */
final class Route<T> {

  private static final Logger log = LoggerFactory.getLogger(Route.class);

  private final MapEntry<T> entry;
  private final InformerOptions options;
  private final String name;
  private final EnqueueCounters counters = new EnqueueCounters();
  private final List<String> conflicts = new ArrayList<>();
  private EnqueueHandler<T, QueueItem> handler;
  private HandlerRegistration routing;
  private final AtomicBoolean warnedDefaultQueue = new AtomicBoolean();

  Route(MapEntry<T> entry, InformerOptions options, String name) {
    this.entry = entry;
    this.options = options;
    this.name = name;
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

  /**
   * Returns the queue this type's items go to: the options' queue, else the registry's queue for the
   * type, else the default queue (warned once when {@code warn}).
   */
  PriorityWorkQueue<QueueItem> queue(QueueRegistry queues, boolean warn) {
    if (options.queue() != null) {
      return options.queue();
    }
    return queues.lookup(type()).orElseGet(() -> {
      if (warn && warnedDefaultQueue.compareAndSet(false, true)) {
        log.warn("{}: no work queue registered for {}; routing its items to the default queue", name, type());
      }
      return queues.defaultQueue();
    });
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

  synchronized HandlerRegistration routing() {
    return routing;
  }

  synchronized void setRouting(EnqueueHandler<T, QueueItem> handler, HandlerRegistration routing) {
    this.handler = handler;
    this.routing = routing;
  }

  /** Returns the routing handler's counters. */
  EnqueueCounters counters() {
    return counters;
  }

  /**
   * Routes every cached object whose key {@code which} selects again, as a resync; returns how many
   * items a queue accepted. Does nothing before the routing handler exists.
   */
  int requeue(BiPredicate<TypeKey, ObjectKey> which) {
    EnqueueHandler<T, QueueItem> current;
    synchronized (this) {
      current = handler;
    }
    return current == null ? 0 : current.requeue(entry.informer().indexer().list(), which);
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
