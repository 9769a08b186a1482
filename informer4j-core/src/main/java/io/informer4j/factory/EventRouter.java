package io.informer4j.factory;

import io.informer4j.controller.KeyPredicate;
import io.informer4j.informer.EventHandler;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.NamespaceDecision;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The factory's handler on each informer: turns every add, update (resyncs included) and delete into
 * one {@link QueueItem} (object key, type key) on the type's queue — the options' queue, else the
 * registry's queue for the type, else the default queue (with a single warning per type). Tier 2
 * runs first: an object of a namespaced type whose namespace the filter rejects, or that has no
 * namespace at all, is dropped before any queue and counted by reason. Initial-list adds and
 * unchanged re-deliveries are queued at {@link PriorityWorkQueue#LOW_PRIORITY}. The factory's
 * {@link KeyPredicate}, if any, runs after tier 2 the same way.
 *
 * <p>Deletes need no tombstone unwrapping: the informer hands over the last known object, and its
 * key is the tombstone's key. Runs on the informer's handler lane (one call at a time).
 *
 * @param <T> the object type
 */
final class EventRouter<T> implements EventHandler<T> {

  private static final Logger log = LoggerFactory.getLogger(EventRouter.class);

  private final Route<T> entry;
  private final Scope scope;
  private final ObjectAdapter<T> adapter;
  private final QueueRegistry queues;
  private final NamespaceFilter filter;
  private final PriorityWorkQueue<QueueItem> override;
  private final Consumer<FactoryEvent> hook;
  private final KeyPredicate keyFilter;
  private final SharedIndexInformer<T> informer;
  private final AtomicBoolean warnedDefaultQueue = new AtomicBoolean();
  private final AtomicBoolean warnedNoNamespace = new AtomicBoolean();

  EventRouter(Route<T> entry, QueueRegistry queues, KeyPredicate keyFilter) {
    this.informer = entry.entry().informer();
    this.keyFilter = keyFilter;
    this.entry = entry;
    this.scope = entry.entry().scope();
    this.adapter = entry.entry().type().adapter();
    this.queues = queues;
    this.filter = entry.options().namespaceFilter();
    this.override = entry.options().queue();
    this.hook = entry.options().eventHook();
  }

  @Override
  public void onAdd(T object, boolean inInitialList) {
    entry.countEvent();
    route(FactoryEvent.Kind.ADDED, object, inInitialList ? PriorityWorkQueue.LOW_PRIORITY : PriorityWorkQueue.DEFAULT_PRIORITY);
  }

  @Override
  public void onUpdate(T oldObject, T newObject) {
    entry.countEvent();
    String version = adapter.resourceVersion(newObject);
    boolean unchanged = version != null && !version.isEmpty() && Objects.equals(version, adapter.resourceVersion(oldObject));
    route(unchanged ? FactoryEvent.Kind.RESYNCED : FactoryEvent.Kind.UPDATED, newObject,
        unchanged ? PriorityWorkQueue.LOW_PRIORITY : PriorityWorkQueue.DEFAULT_PRIORITY);
  }

  @Override
  public void onDelete(T lastState, boolean finalStateUnknown) {
    entry.countEvent();
    route(FactoryEvent.Kind.DELETED, lastState, PriorityWorkQueue.DEFAULT_PRIORITY);
  }

  /** Routes one event; returns true when it was put on a queue. */
  private boolean route(FactoryEvent.Kind kind, T object, int priority) {
    String namespace = adapter.namespace(object);
    namespace = namespace == null ? "" : namespace;
    String name = adapter.name(object);
    if (scope == Scope.NAMESPACED) {
      if (namespace.isEmpty()) {
        drop(kind, object, ObjectKey.clusterScoped(name), DropReason.NO_NAMESPACE);
        if (warnedNoNamespace.compareAndSet(false, true)) {
          log.warn("{}: object '{}' of namespaced type {} has no namespace; dropped (later ones counted only)",
              entry.name(), name, entry.type());
        }
        return false;
      }
      if (filter.isActive()) {
        NamespaceDecision decision = filter.decide(namespace);
        if (!decision.allowed()) {
          log.debug("{}: event for {}/{} dropped: {}", entry.name(), namespace, name, decision.explanation());
          drop(kind, object, ObjectKey.of(namespace, name),
              decision.reason() == NamespaceDecision.Reason.RESTRICTED ? DropReason.RESTRICTED : DropReason.NOT_ALLOWED);
          return false;
        }
      }
    }
    ObjectKey key = scope == Scope.CLUSTER ? ObjectKey.clusterScoped(name) : ObjectKey.of(namespace, name);
    if (keyFilter != null && !keyFilter.accepts(entry.type(), key)) {
      drop(kind, object, key, DropReason.ENQUEUE_FILTER);
      return false;
    }
    boolean accepted = queue().add(new QueueItem(entry.type(), key), priority);
    if (accepted) {
      entry.countEnqueued();
    } else {
      entry.countRejectedByQueue();
    }
    tell(kind, key, object, accepted ? FactoryEvent.Outcome.ENQUEUED : FactoryEvent.Outcome.REJECTED_BY_QUEUE);
    return accepted;
  }

  /**
   * Routes every cached object whose key {@code which} selects as a resync (low priority, through
   * the same filters); returns how many were put on a queue. Safe from any thread.
   */
  int enqueueCached(BiPredicate<TypeKey, ObjectKey> which) {
    int enqueued = 0;
    for (T object : informer.indexer().list()) {
      String namespace = adapter.namespace(object);
      String name = adapter.name(object);
      ObjectKey key = scope == Scope.CLUSTER || namespace == null || namespace.isEmpty()
          ? ObjectKey.clusterScoped(name) : ObjectKey.of(namespace, name);
      if (which.test(entry.type(), key) && route(FactoryEvent.Kind.RESYNCED, object, PriorityWorkQueue.LOW_PRIORITY)) {
        enqueued++;
      }
    }
    return enqueued;
  }

  private PriorityWorkQueue<QueueItem> queue() {
    if (override != null) {
      return override;
    }
    return queues.lookup(entry.type()).orElseGet(() -> {
      if (warnedDefaultQueue.compareAndSet(false, true)) {
        log.warn("{}: no work queue registered for {}; routing its items to the default queue", entry.name(), entry.type());
      }
      return queues.defaultQueue();
    });
  }

  private void drop(FactoryEvent.Kind kind, T object, ObjectKey key, DropReason reason) {
    entry.countDropped(reason);
    tell(kind, key, object, FactoryEvent.Outcome.DROPPED_BY_FILTER);
  }

  private void tell(FactoryEvent.Kind kind, ObjectKey key, T object, FactoryEvent.Outcome outcome) {
    if (hook == null) {
      return;
    }
    try {
      hook.accept(new FactoryEvent(entry.type(), kind, key, object, outcome));
    } catch (RuntimeException e) {
      log.warn("{}: the event hook threw on {}", entry.name(), key, e);
    }
  }
}
