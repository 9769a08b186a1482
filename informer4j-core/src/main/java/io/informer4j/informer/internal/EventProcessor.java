package io.informer4j.informer.internal;

import io.informer4j.cache.DeletedFinalStateUnknown;
import io.informer4j.cache.Replacement;
import io.informer4j.cache.ThreadSafeIndexer;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The in-order queue between the reflector and the cache, and its consumer. Deltas are applied in
 * source order: runs of object events share one store transaction (up to {@value #BATCH} at a
 * time); a complete list replaces the cache atomically, then handlers hear the deletes (as
 * tombstones), adds and updates it implies. A delete of a key the cache does not hold is not
 * delivered (as client-go's DeltaFIFO: handlers never heard of the object, or already heard its
 * delete). A delete known only by its key removes the cached object and is delivered with its last
 * cached state as a tombstone; a state that could not be read
 * leaves the cached version in place and marks the key stale ({@link StaleKeys}). Handlers are notified only after the cache reflects the
 * change, and the queue lock is never held while they run (they run on their own lanes).
 *
 * <p>Thread-safe: any thread enqueues; one dispatch task at a time consumes. Handler registration
 * synchronizes with consumption through {@link #processingLock()}.
 *
 * @param <T> the object type
 */
final class EventProcessor<T> {

  static final int BATCH = 1000;
  private static final int BATCHES_PER_TASK = 8;

  private final ThreadSafeIndexer<T> store;
  private final ObjectAdapter<T> adapter;
  private final Executor executor;
  private final TaskTracker tracker;
  private final Consumer<Throwable> onInternalError;
  private final Object processingLock = new Object();
  private final CompletableFuture<Void> synced = new CompletableFuture<>();
  private final StaleKeys stale = new StaleKeys();

  private final ArrayDeque<Delta<T>> deltas = new ArrayDeque<>();
  private final Clock clock;
  private boolean scheduled;
  private boolean stopped;
  private long busySinceNanos;
  private long lastProgressNanos;

  private final List<HandlerLane<T>> lanes = new ArrayList<>();
  private Set<HandlerLane<T>> syncingLanes = new HashSet<>();

  EventProcessor(ThreadSafeIndexer<T> store, ObjectAdapter<T> adapter, Executor executor, TaskTracker tracker,
                 Clock clock, Consumer<Throwable> onInternalError) {
    this.store = store;
    this.clock = clock;
    this.adapter = adapter;
    this.executor = executor;
    this.tracker = tracker;
    this.onInternalError = onInternalError;
  }

  /** Held while a change is applied and distributed; handler registration takes it too. */
  Object processingLock() {
    return processingLock;
  }

  CompletableFuture<Void> synced() {
    return synced;
  }

  /** The keys whose latest state could not be read. */
  StaleKeys stale() {
    return stale;
  }

  /** Appends a delta; it is applied after every delta enqueued before it. */
  void enqueue(Delta<T> delta) {
    boolean schedule;
    synchronized (deltas) {
      if (stopped) {
        return;
      }
      deltas.add(delta);
      schedule = !scheduled;
      if (schedule) {
        scheduled = true;
        busySinceNanos = clock.nanoTime();
      }
    }
    if (schedule) {
      execute();
    }
  }

  /** Runs a drain on the executor; a refused one (the runtime was closed) fails the informer. */
  private void execute() {
    if (!tracker.execute(executor, this::drain)) {
      stop();
      onInternalError.accept(new IllegalStateException("the informer runtime is closed"));
    }
  }

  /**
   * Returns how long changes have been waiting without the cache applying any: zero when none
   * waits; growing without bound when the cache is frozen (for example by an index function that
   * blocks, or no thread to apply changes).
   */
  Duration lag() {
    synchronized (deltas) {
      return scheduled ? Duration.ofNanos(Math.max(0, clock.nanoTime() - Math.max(busySinceNanos, lastProgressNanos)))
          : Duration.ZERO;
    }
  }

  /** Drops queued deltas and stops consuming. Idempotent. */
  void stop() {
    synchronized (deltas) {
      stopped = true;
      deltas.clear();
    }
  }

  private void drain() {
    try {
      for (int i = 0; i < BATCHES_PER_TASK; i++) {
        List<Delta<T>> batch = takeBatch();
        if (batch.isEmpty()) {
          return;
        }
        process(batch);
        synchronized (deltas) {
          lastProgressNanos = clock.nanoTime();
        }
      }
      boolean more;
      synchronized (deltas) {
        more = !deltas.isEmpty() && !stopped;
        scheduled = more;
      }
      if (more) {
        execute();
      }
    } catch (RuntimeException | LinkageError | AssertionError e) {
      stop();
      onInternalError.accept(e);
    }
  }

  /** Returns the next run of batchable deltas, or one other delta; empty (and unscheduled) when none. */
  private List<Delta<T>> takeBatch() {
    synchronized (deltas) {
      Delta<T> head = deltas.poll();
      if (head == null || stopped) {
        scheduled = false;
        return List.of();
      }
      if (!head.batchable()) {
        return List.of(head);
      }
      List<Delta<T>> batch = new ArrayList<>();
      batch.add(head);
      while (batch.size() < BATCH && deltas.peek() != null && deltas.peek().batchable()) {
        batch.add(deltas.poll());
      }
      return batch;
    }
  }

  private void process(List<Delta<T>> batch) {
    synchronized (processingLock) {
      Delta<T> first = batch.get(0);
      if (first instanceof Delta.ReplaceAll<T> replace) {
        replaceAll(replace);
      } else if (first instanceof Delta.SyncAll<T> sync) {
        resync(sync);
      } else if (first instanceof Delta.Bookmark<T> bookmark) {
        store.bookmark(bookmark.resourceVersion());
      } else {
        applyEvents(batch);
      }
    }
  }

  private void applyEvents(List<Delta<T>> batch) {
    List<Notification<T>> out = new ArrayList<>(batch.size());
    store.write(writer -> {
      for (Delta<T> delta : batch) {
        if (delta instanceof Delta.Upsert<T> upsert) {
          T object = upsert.object();
          T previous = writer.put(object);
          settle(object);
          out.add(previous == null
              ? new Notification.Added<>(object, false)
              : new Notification.Updated<>(previous, object, sameVersion(previous, object)));
        } else if (delta instanceof Delta.Remove<T> remove) {
          T lastState = remove.lastState();
          T cached = writer.delete(lastState);
          settle(lastState);
          if (cached != null) {
            out.add(new Notification.Deleted<>(lastState, false));
          }
        } else if (delta instanceof Delta.RemoveKey<T> removeKey) {
          T cached = writer.deleteKey(removeKey.key());
          stale.settle(removeKey.key());
          if (cached != null) {
            out.add(new Notification.Deleted<>(cached, true));
          }
        } else {
          Delta.MarkStale<T> markStale = (Delta.MarkStale<T>) delta;
          stale.mark(markStale.key(), markStale.reason());
        }
      }
    });
    distribute(out);
  }

  private void settle(T object) {
    if (!stale.isEmpty()) {
      stale.settle(adapter.key(object));
    }
  }

  private void replaceAll(Delta.ReplaceAll<T> replace) {
    Replacement<T> replacement = store.replace(replace.objects(), replace.resourceVersion(),
        replace.unreadable().keySet());
    stale.replaceWith(replace.unreadable());
    boolean initial = !synced.isDone();
    List<Notification<T>> out = new ArrayList<>(replacement.deleted().size() + replacement.items().size());
    for (DeletedFinalStateUnknown<T> tombstone : replacement.deleted()) {
      out.add(new Notification.Deleted<>(tombstone.lastKnownState(), true));
    }
    List<T> items = replacement.items();
    for (int i = 0; i < items.size(); i++) {
      T item = items.get(i);
      T previous = replacement.previous().get(i);
      out.add(previous == null
          ? new Notification.Added<>(item, initial)
          : new Notification.Updated<>(previous, item, sameVersion(previous, item)));
    }
    distribute(out);
    if (initial) {
      synced.complete(null);
      for (HandlerLane<T> lane : lanes) {
        lane.informerSynced();
      }
    }
  }

  private void resync(Delta.SyncAll<T> sync) {
    syncingLanes = new HashSet<>(sync.dueHandlers());
    syncingLanes.retainAll(lanes);
    if (syncingLanes.isEmpty()) {
      return;
    }
    List<T> objects = store.list();
    List<Notification<T>> out = new ArrayList<>(objects.size());
    for (T object : objects) {
      out.add(new Notification.Updated<>(object, object, true));
    }
    distribute(out);
  }

  private boolean sameVersion(T previous, T next) {
    String rv = adapter.resourceVersion(next);
    return rv != null && !rv.isEmpty() && Objects.equals(rv, adapter.resourceVersion(previous));
  }

  /** Must hold the processing lock. Sync updates go only to the lanes due for resync. */
  private void distribute(List<Notification<T>> out) {
    if (out.isEmpty()) {
      return;
    }
    boolean anySync = false;
    for (Notification<T> n : out) {
      if (n.isSync()) {
        anySync = true;
        break;
      }
    }
    List<Notification<T>> withoutSyncs = null;
    for (HandlerLane<T> lane : lanes) {
      if (!anySync || syncingLanes.contains(lane)) {
        lane.enqueue(out);
      } else {
        if (withoutSyncs == null) {
          withoutSyncs = out.stream().filter(n -> !n.isSync()).toList();
        }
        lane.enqueue(withoutSyncs);
      }
    }
  }

  /**
   * Must hold the processing lock. Registers a lane; when the informer already runs it first gets
   * the cache content as initial adds, ahead of any later notification.
   */
  void addLane(HandlerLane<T> lane, boolean informerStarted) {
    if (informerStarted) {
      List<T> objects = store.list();
      List<Notification<T>> adds = new ArrayList<>(objects.size());
      for (T object : objects) {
        adds.add(new Notification.Added<>(object, true));
      }
      lane.enqueue(adds);
    }
    lanes.add(lane);
    syncingLanes.add(lane);
    if (synced.isDone()) {
      lane.informerSynced();
    }
  }

  /** Must hold the processing lock. Unregisters a lane. */
  void removeLane(HandlerLane<T> lane) {
    lanes.remove(lane);
    syncingLanes.remove(lane);
  }

}
