package io.informer4j.controller;

import io.informer4j.informer.EventHandler;
import io.informer4j.meta.NamespaceDecision;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.PriorityWorkQueue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one path from informer events to queue work, for a {@code Manager}'s controllers and for the
 * shared informer factory alike. For each add, update (resyncs included) and delete of a watched
 * object, in this order:
 * <ol>
 *   <li>an optional observer hears of it first (the read-your-writes bookkeeping of a controller);
 *   <li>the watch's {@link EventPredicate}s must all accept it, else it is dropped
 *       ({@link DropReason#PREDICATE});
 *   <li>it is mapped to keys of the primary type: the object's own key (scope from the watched type;
 *       an object of a namespaced type without namespace is dropped, {@link DropReason#NO_NAMESPACE}),
 *       or what the watch's {@link KeyMapper} returns (a mapper that throws or returns null, or a key
 *       the primary type cannot have, is skipped, {@link DropReason#MAPPING_ERROR}, with a throttled
 *       warning);
 *   <li>per key, namespace rules (tier 2, namespaced primary types only: restricted wins) drop it
 *       ({@link DropReason#RESTRICTED}, {@link DropReason#NOT_ALLOWED}), then each {@link KeyPredicate}
 *       (for example shard ownership) must accept it ({@link DropReason#ENQUEUE_FILTER});
 *   <li>the key becomes a queue item (a controller's {@code ObjectKey}, the factory's
 *       {@code QueueItem}) added to the queue at {@link PriorityWorkQueue#DEFAULT_PRIORITY}, or at
 *       {@link PriorityWorkQueue#LOW_PRIORITY} for initial-list adds and unchanged re-deliveries
 *       (resyncs): where the queue coalesces, a burst of changes of one key is one work item.
 * </ol>
 * Every outcome is counted in the handler's {@link EnqueueCounters} and, with a hook, told as an
 * {@link EnqueueEvent}. Deletes need no tombstone unwrapping: the informer hands over the last known
 * state, whose key is the tombstone's key.
 *
 * <p>{@link #requeue} puts the keys of cached objects on the queue again through the same filters
 * (for example the keys of a shard this replica just gained).
 *
 * <p>Thread-safe: it may be registered on several informers of the watched type (one per namespace)
 * at once; all it calls (predicates, mapper, filters, hook) must be thread-safe, quick and
 * non-blocking.
 *
 * @param <T> the watched type's objects
 * @param <I> the queue's item type
 */
public final class EnqueueHandler<T, I> implements EventHandler<T> {

  private static final Logger log = LoggerFactory.getLogger(EnqueueHandler.class);
  private static final long WARN_INTERVAL_NANOS = 10_000_000_000L;

  private final String owner;
  private final TypeKey watched;
  private final ObjectAdapter<T> adapter;
  private final Scope watchedScope;
  private final KeyMapper<T> mapper;
  private final TypeKey primary;
  private final Scope primaryScope;
  private final List<EventPredicate<T>> predicates;
  private final NamespaceFilter namespaces;
  private final List<KeyPredicate> keyFilters;
  private final BiFunction<TypeKey, ObjectKey, I> item;
  private final Supplier<? extends PriorityWorkQueue<I>> queue;
  private final EnqueueCounters counters;
  private final Consumer<EnqueueEvent> hook;
  private final EventHandler<T> observer;
  private final AtomicBoolean warnedNoNamespace = new AtomicBoolean();
  private volatile long lastMappingWarnNanos = Long.MIN_VALUE;

  private EnqueueHandler(Builder<T> b, BiFunction<TypeKey, ObjectKey, I> item,
                         Supplier<? extends PriorityWorkQueue<I>> queue) {
    this.owner = b.owner;
    this.watched = b.watched.key();
    this.adapter = b.watched.adapter();
    this.watchedScope = b.watchedScope;
    this.mapper = b.mapper;
    this.primary = b.primary;
    this.primaryScope = b.primaryScope;
    this.predicates = List.copyOf(b.predicates);
    this.namespaces = b.namespaces;
    this.keyFilters = List.copyOf(b.keyFilters);
    this.counters = b.counters;
    this.hook = b.hook;
    this.observer = b.observer;
    this.item = Objects.requireNonNull(item, "item");
    this.queue = Objects.requireNonNull(queue, "queue");
  }

  /**
   * Starts configuring a handler on {@code watched}, whose objects are of scope {@code scope}; by
   * default each object is its own primary key.
   *
   * @param owner names the controller or factory type in logs
   */
  public static <T> Builder<T> builder(String owner, ObjectType<T> watched, Scope scope) {
    return new Builder<>(owner, watched, scope);
  }

  /** Returns the counters this handler counts into. */
  public EnqueueCounters counters() {
    return counters;
  }

  @Override
  public void onAdd(T object, boolean inInitialList) {
    counters.countEvent();
    observe(observer -> observer.onAdd(object, inInitialList));
    if (accepted(EnqueueEvent.Kind.ADDED, object, p -> p.create(object))) {
      route(EnqueueEvent.Kind.ADDED, object,
          inInitialList ? PriorityWorkQueue.LOW_PRIORITY : PriorityWorkQueue.DEFAULT_PRIORITY, (t, k) -> true);
    }
  }

  @Override
  public void onUpdate(T oldObject, T newObject) {
    counters.countEvent();
    observe(observer -> observer.onUpdate(oldObject, newObject));
    String version = adapter.resourceVersion(newObject);
    boolean unchanged = version != null && !version.isEmpty() && version.equals(adapter.resourceVersion(oldObject));
    EnqueueEvent.Kind kind = unchanged ? EnqueueEvent.Kind.RESYNCED : EnqueueEvent.Kind.UPDATED;
    if (accepted(kind, newObject, p -> p.update(oldObject, newObject))) {
      route(kind, newObject, unchanged ? PriorityWorkQueue.LOW_PRIORITY : PriorityWorkQueue.DEFAULT_PRIORITY,
          (t, k) -> true);
    }
  }

  @Override
  public void onDelete(T lastState, boolean finalStateUnknown) {
    counters.countEvent();
    observe(observer -> observer.onDelete(lastState, finalStateUnknown));
    if (accepted(EnqueueEvent.Kind.DELETED, lastState, p -> p.delete(lastState))) {
      route(EnqueueEvent.Kind.DELETED, lastState, PriorityWorkQueue.DEFAULT_PRIORITY, (t, k) -> true);
    }
  }

  /**
   * Puts the keys of {@code cached} objects that {@code which} selects on the queue again, as
   * resyncs (low priority), through the mapping, namespace rules and key filters but not the event
   * predicates (nothing changed for them to judge); not counted as events. Safe from any thread.
   *
   * @param cached the objects, typically an informer's cache content
   * @param which  selects by primary type and key
   * @return how many items a queue accepted
   */
  public int requeue(Iterable<T> cached, BiPredicate<TypeKey, ObjectKey> which) {
    Objects.requireNonNull(which, "which");
    int enqueued = 0;
    for (T object : cached) {
      enqueued += route(EnqueueEvent.Kind.RESYNCED, object, PriorityWorkQueue.LOW_PRIORITY, which);
    }
    return enqueued;
  }

  private void observe(Consumer<EventHandler<T>> call) {
    if (observer != null) {
      call.accept(observer);
    }
  }

  private boolean accepted(EnqueueEvent.Kind kind, T object, java.util.function.Predicate<EventPredicate<T>> test) {
    for (EventPredicate<T> predicate : predicates) {
      if (!test.test(predicate)) {
        drop(kind, object, ownKeyOrNull(object), DropReason.PREDICATE);
        return false;
      }
    }
    return true;
  }

  /** Maps, filters and enqueues one object's keys that {@code which} selects; returns how many a queue accepted. */
  private int route(EnqueueEvent.Kind kind, T object, int priority, BiPredicate<TypeKey, ObjectKey> which) {
    int enqueued = 0;
    for (ObjectKey key : keysOf(kind, object)) {
      if (which.test(primary, key) && admitted(kind, object, key)) {
        boolean accepted = queue.get().add(item.apply(primary, key), priority);
        if (accepted) {
          counters.countEnqueued();
          enqueued++;
        } else {
          counters.countRejectedByQueue();
        }
        tell(kind, key, object, accepted ? EnqueueEvent.Outcome.ENQUEUED : EnqueueEvent.Outcome.REJECTED_BY_QUEUE, null);
      }
    }
    return enqueued;
  }

  /** Returns the primary keys of {@code object}; drops and counts what cannot be a key of the primary type. */
  private List<ObjectKey> keysOf(EnqueueEvent.Kind kind, T object) {
    if (mapper == null) {
      ObjectKey own = ownKey(object);
      if (own.isClusterScoped() && watchedScope == Scope.NAMESPACED) {
        drop(kind, object, own, DropReason.NO_NAMESPACE);
        if (warnedNoNamespace.compareAndSet(false, true)) {
          log.warn("{}: object '{}' of namespaced type {} has no namespace; dropped (later ones counted only)", owner,
              own.name(), watched);
        }
        return List.of();
      }
      return List.of(own);
    }
    Collection<ObjectKey> mapped;
    try {
      mapped = Objects.requireNonNull(mapper.keys(object), "the mapping returned null");
    } catch (RuntimeException e) {
      mappingError(kind, object, "the mapping of " + watched + " " + safeKey(object) + " threw " + e, e);
      return List.of();
    }
    List<ObjectKey> keys = new ArrayList<>(mapped.size());
    for (ObjectKey key : mapped) {
      if (key == null || key.isClusterScoped() != (primaryScope == Scope.CLUSTER)) {
        mappingError(kind, object, "the mapping of " + watched + " " + safeKey(object) + " gave " + key + ", which a "
            + (primaryScope == Scope.CLUSTER ? "cluster-scoped" : "namespaced") + " " + primary + " cannot have", null);
      } else {
        keys.add(key);
      }
    }
    return keys;
  }

  /** Applies tier 2 and the key filters to one key; counts and tells a drop. */
  private boolean admitted(EnqueueEvent.Kind kind, T object, ObjectKey key) {
    if (primaryScope == Scope.NAMESPACED && namespaces.isActive()) {
      NamespaceDecision decision = namespaces.decide(key.namespace());
      if (!decision.allowed()) {
        log.debug("{}: event for {} dropped: {}", owner, key, decision.explanation());
        drop(kind, object, key,
            decision.reason() == NamespaceDecision.Reason.RESTRICTED ? DropReason.RESTRICTED : DropReason.NOT_ALLOWED);
        return false;
      }
    }
    for (KeyPredicate filter : keyFilters) {
      if (!filter.accepts(primary, key)) {
        drop(kind, object, key, DropReason.ENQUEUE_FILTER);
        return false;
      }
    }
    return true;
  }

  /** The object's own key, cluster-scoped for a cluster-scoped type whatever namespace it carries. */
  private ObjectKey ownKey(T object) {
    String namespace = watchedScope == Scope.CLUSTER ? null : adapter.namespace(object);
    String name = adapter.name(object);
    return namespace == null || namespace.isEmpty() ? ObjectKey.clusterScoped(name) : ObjectKey.of(namespace, name);
  }

  private ObjectKey ownKeyOrNull(T object) {
    try {
      return ownKey(object);
    } catch (RuntimeException e) {
      return null;
    }
  }

  private void drop(EnqueueEvent.Kind kind, T object, ObjectKey key, DropReason reason) {
    counters.countDropped(reason);
    tell(kind, key, object, EnqueueEvent.Outcome.DROPPED_BY_FILTER, reason);
  }

  private void tell(EnqueueEvent.Kind kind, ObjectKey key, T object, EnqueueEvent.Outcome outcome, DropReason reason) {
    if (hook == null) {
      return;
    }
    try {
      hook.accept(new EnqueueEvent(watched, kind, key, object, outcome, reason));
    } catch (RuntimeException e) {
      log.warn("{}: the event hook threw on {}", owner, key, e);
    }
  }

  private void mappingError(EnqueueEvent.Kind kind, T object, String message, Throwable cause) {
    drop(kind, object, ownKeyOrNull(object), DropReason.MAPPING_ERROR);
    long now = System.nanoTime();
    long last = lastMappingWarnNanos;
    if (last == Long.MIN_VALUE || now - last > WARN_INTERVAL_NANOS) {
      lastMappingWarnNanos = now;
      log.warn("{}: {}; skipped (later ones within 10 s are logged at DEBUG)", owner, message, cause);
    } else {
      log.debug("{}: {}; skipped", owner, message, cause);
    }
  }

  private String safeKey(T object) {
    try {
      return adapter.key(object);
    } catch (RuntimeException e) {
      return String.valueOf(object);
    }
  }

  /**
   * Configures an {@link EnqueueHandler}. Not thread-safe.
   *
   * @param <T> the watched type's objects
   */
  public static final class Builder<T> {
    private final String owner;
    private final ObjectType<T> watched;
    private final Scope watchedScope;
    private KeyMapper<T> mapper;
    private TypeKey primary;
    private Scope primaryScope;
    private final List<EventPredicate<T>> predicates = new ArrayList<>();
    private NamespaceFilter namespaces = NamespaceFilter.none();
    private final List<KeyPredicate> keyFilters = new ArrayList<>();
    private EnqueueCounters counters = new EnqueueCounters();
    private Consumer<EnqueueEvent> hook;
    private EventHandler<T> observer;

    private Builder(String owner, ObjectType<T> watched, Scope scope) {
      this.owner = Objects.requireNonNull(owner, "owner");
      this.watched = Objects.requireNonNull(watched, "watched");
      this.watchedScope = Objects.requireNonNull(scope, "scope");
      this.primary = watched.key();
      this.primaryScope = scope;
    }

    /**
     * Maps each watched object to keys of {@code primary}, of scope {@code scope}, instead of its own
     * key (controller-runtime's {@code EnqueueRequestsFromMapFunc}).
     */
    public Builder<T> mapTo(TypeKey primary, Scope scope, KeyMapper<T> mapper) {
      this.primary = Objects.requireNonNull(primary, "primary");
      this.primaryScope = Objects.requireNonNull(scope, "scope");
      this.mapper = Objects.requireNonNull(mapper, "mapper");
      return this;
    }

    /** Adds event predicates; all must accept an event. */
    public Builder<T> predicates(Collection<? extends EventPredicate<T>> predicates) {
      predicates.forEach(p -> this.predicates.add(Objects.requireNonNull(p, "predicate")));
      return this;
    }

    /** Sets the tier-2 namespace rules over the primary keys (none by default). */
    public Builder<T> namespaces(NamespaceFilter namespaces) {
      this.namespaces = Objects.requireNonNull(namespaces, "namespaces");
      return this;
    }

    /** Adds key filters over the primary keys; all must accept a key. */
    public Builder<T> keyFilters(Collection<? extends KeyPredicate> filters) {
      filters.forEach(f -> keyFilters.add(Objects.requireNonNull(f, "filter")));
      return this;
    }

    /** Counts into {@code counters} (shared, for example, by every watch of one controller); new ones by default. */
    public Builder<T> counters(EnqueueCounters counters) {
      this.counters = Objects.requireNonNull(counters, "counters");
      return this;
    }

    /** Tells {@code hook} what was done with every event; it must be quick. None by default. */
    public Builder<T> hook(Consumer<EnqueueEvent> hook) {
      this.hook = Objects.requireNonNull(hook, "hook");
      return this;
    }

    /** Tells {@code observer} of every event before any filter (for bookkeeping); it must be quick. */
    public Builder<T> observer(EventHandler<T> observer) {
      this.observer = Objects.requireNonNull(observer, "observer");
      return this;
    }

    /**
     * Returns the handler.
     *
     * @param item  makes the queue item of a primary type and key
     * @param queue returns the queue to add to, asked on every add (so it may pick the queue late)
     */
    public <I> EnqueueHandler<T, I> build(BiFunction<TypeKey, ObjectKey, I> item,
                                          Supplier<? extends PriorityWorkQueue<I>> queue) {
      return new EnqueueHandler<>(this, item, queue);
    }
  }
}
