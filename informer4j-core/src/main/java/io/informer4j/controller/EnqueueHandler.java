package io.informer4j.controller;

import io.informer4j.informer.EventHandler;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.PriorityWorkQueue;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The event handler a controller puts on each informer it watches: every event that passes the
 * watch's {@link EventPredicate}s and the controller's {@link KeyPredicate}s is mapped to the keys
 * of primary objects ({@link KeyMapper}; for the primary type, the object's own key) and those keys
 * are added to the controller's queue — coalesced there, so a burst of changes becomes one
 * reconcile per key. Initial-list adds and unchanged re-deliveries go in at low priority.
 *
 * <p>Rejected events are counted ({@link Counters#filtered}); a mapper that throws, or a key the
 * primary type cannot have (a namespace for a cluster-scoped primary, none for a namespaced one),
 * is counted and skipped with a throttled warning. Runs on one informer handler lane at a time.
 *
 * @param <T> the watched type's objects
 */
public final class EnqueueHandler<T> implements EventHandler<T> {

  private static final Logger log = LoggerFactory.getLogger(EnqueueHandler.class);

  /** What a controller's handlers did, over all its watches. Thread-safe. */
  public static final class Counters {
    final LongAdder enqueued = new LongAdder();
    final LongAdder filtered = new LongAdder();
    final LongAdder mappingErrors = new LongAdder();

    /** Returns the keys put on the queue (before coalescing). */
    public long enqueued() {
      return enqueued.sum();
    }

    /** Returns the events a predicate dropped before the queue. */
    public long filtered() {
      return filtered.sum();
    }

    /** Returns the events or keys skipped because the mapping threw or gave an impossible key. */
    public long mappingErrors() {
      return mappingErrors.sum();
    }
  }

  private final String controller;
  private final TypeKey watched;
  private final ObjectAdapter<T> adapter;
  private final KeyMapper<T> mapper;
  private final List<EventPredicate<T>> predicates;
  private final List<KeyPredicate> keyPredicates;
  private final TypeKey primary;
  private final Scope primaryScope;
  private final PriorityWorkQueue<ObjectKey> queue;
  private final Counters counters;
  private volatile long lastWarnNanos = Long.MIN_VALUE;

  /**
   * @param controller    the controller's name, for logs
   * @param watched       the watched type
   * @param adapter       reads the watched objects
   * @param mapper        maps a watched object to primary keys
   * @param predicates    event predicates of this watch
   * @param keyPredicates predicates of the controller over the primary keys
   * @param primary       the primary type, which the key predicates are asked about
   * @param primaryScope  the primary type's scope, to check mapped keys
   * @param queue         the controller's queue
   * @param counters      the controller's counters, shared by its watches
   */
  public EnqueueHandler(String controller, TypeKey watched, ObjectAdapter<T> adapter, KeyMapper<T> mapper,
                        List<EventPredicate<T>> predicates, List<KeyPredicate> keyPredicates, TypeKey primary,
                        Scope primaryScope,
                        PriorityWorkQueue<ObjectKey> queue, Counters counters) {
    this.controller = Objects.requireNonNull(controller, "controller");
    this.watched = Objects.requireNonNull(watched, "watched");
    this.adapter = Objects.requireNonNull(adapter, "adapter");
    this.mapper = Objects.requireNonNull(mapper, "mapper");
    this.predicates = List.copyOf(predicates);
    this.keyPredicates = List.copyOf(keyPredicates);
    this.primary = Objects.requireNonNull(primary, "primary");
    this.primaryScope = Objects.requireNonNull(primaryScope, "primaryScope");
    this.queue = Objects.requireNonNull(queue, "queue");
    this.counters = Objects.requireNonNull(counters, "counters");
  }

  /** Returns a mapper from an object to its own key, for a controller's primary type. */
  public static <T> KeyMapper<T> ownKey(ObjectAdapter<T> adapter) {
    return object -> List.of(adapter.objectKey(object));
  }

  @Override
  public void onAdd(T object, boolean inInitialList) {
    if (predicates.stream().allMatch(p -> p.create(object))) {
      enqueue(object, inInitialList ? PriorityWorkQueue.LOW_PRIORITY : PriorityWorkQueue.DEFAULT_PRIORITY);
    } else {
      counters.filtered.increment();
    }
  }

  @Override
  public void onUpdate(T oldObject, T newObject) {
    if (predicates.stream().allMatch(p -> p.update(oldObject, newObject))) {
      String version = adapter.resourceVersion(newObject);
      boolean unchanged = version != null && !version.isEmpty() && version.equals(adapter.resourceVersion(oldObject));
      enqueue(newObject, unchanged ? PriorityWorkQueue.LOW_PRIORITY : PriorityWorkQueue.DEFAULT_PRIORITY);
    } else {
      counters.filtered.increment();
    }
  }

  @Override
  public void onDelete(T lastState, boolean finalStateUnknown) {
    if (predicates.stream().allMatch(p -> p.delete(lastState))) {
      enqueue(lastState, PriorityWorkQueue.DEFAULT_PRIORITY);
    } else {
      counters.filtered.increment();
    }
  }

  private void enqueue(T object, int priority) {
    Collection<ObjectKey> keys;
    try {
      keys = Objects.requireNonNull(mapper.keys(object), "the mapping returned null");
    } catch (RuntimeException e) {
      mappingError("the mapping of " + watched + " " + safeKey(object) + " threw " + e, e);
      return;
    }
    for (ObjectKey key : keys) {
      if (key == null || key.isClusterScoped() != (primaryScope == Scope.CLUSTER)) {
        mappingError("the mapping of " + watched + " " + safeKey(object) + " gave " + key + ", which a "
            + (primaryScope == Scope.CLUSTER ? "cluster-scoped" : "namespaced") + " primary cannot have", null);
        continue;
      }
      if (!acceptedByKey(key)) {
        counters.filtered.increment();
        continue;
      }
      if (queue.add(key, priority)) {
        counters.enqueued.increment();
      }
    }
  }

  private boolean acceptedByKey(ObjectKey key) {
    for (KeyPredicate predicate : keyPredicates) {
      if (!predicate.accepts(primary, key)) {
        return false;
      }
    }
    return true;
  }

  private void mappingError(String message, Throwable cause) {
    counters.mappingErrors.increment();
    long now = System.nanoTime();
    long last = lastWarnNanos;
    if (last == Long.MIN_VALUE || now - last > 10_000_000_000L) {
      lastWarnNanos = now;
      log.warn("controller '{}': {}; skipped (later ones within 10 s are logged at DEBUG)", controller, message, cause);
    } else {
      log.debug("controller '{}': {}; skipped", controller, message, cause);
    }
  }

  private String safeKey(T object) {
    try {
      return adapter.key(object);
    } catch (RuntimeException e) {
      return String.valueOf(object);
    }
  }
}
