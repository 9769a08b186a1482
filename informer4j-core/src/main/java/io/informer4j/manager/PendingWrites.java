package io.informer4j.manager;

import io.informer4j.controller.ReconcileBarrier;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.ResourceVersionOrder;
import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Read-your-writes for a controller's primary objects: the barrier that holds a key's reconcile
 * back until the cache has seen the controller's own writes of it (the rule of {@link PendingWrite}),
 * at most {@code timeout} after the last write. The cache's event path wakes it ({@link #changed});
 * what decides is the version the cache holds then, so a handler lane that lags behind the cache
 * cannot release a key early. No thread waits: a held key is parked by the controller's worker.
 *
 * <p>A bound that passes releases the key anyway; it is counted, the first one is logged at WARN and
 * later ones at DEBUG. Thread-safe: every change of a key's state runs inside the map's per-key
 * compute; futures are completed outside it.
 */
final class PendingWrites implements ReconcileBarrier<ObjectKey> {

  private static final Logger log = LoggerFactory.getLogger(PendingWrites.class);

  private final String controller;
  private final ResourceVersionOrder order;
  private final Function<ObjectKey, Optional<String>> cached;
  private final Scheduler scheduler;
  private final Duration timeout;
  private final ConcurrentMap<ObjectKey, PendingWrite> pending = new ConcurrentHashMap<>();
  private final LongAdder held = new LongAdder();
  private final LongAdder timedOut = new LongAdder();
  private final AtomicBoolean timeoutLogged = new AtomicBoolean();

  /**
   * @param controller the controller's name, for logs
   * @param order      whether the primary type's versions may be compared
   * @param cached     the version the cache holds of a primary key (empty: none)
   * @param scheduler  runs the bounds
   * @param timeout    how long a write may hold its key's reconcile back at most
   */
  PendingWrites(String controller, ResourceVersionOrder order, Function<ObjectKey, Optional<String>> cached,
                Scheduler scheduler, Duration timeout) {
    this.controller = controller;
    this.order = order;
    this.cached = cached;
    this.scheduler = scheduler;
    this.timeout = timeout;
  }

  /**
   * Records an own write of {@code key} at {@code version}; releases it at once if the cache has it
   * already, or if the scheduler no longer runs bounds (the manager is stopping).
   */
  void record(ObjectKey key, String version) {
    PendingWrite[] unbounded = new PendingWrite[1];
    pending.compute(key, (k, current) -> {
      PendingWrite write = current != null ? current : new PendingWrite(order);
      write.add(version, cached.apply(k));
      try {
        write.arm(scheduler, timeout, () -> expire(k, write));
      } catch (RejectedExecutionException stopping) {
        unbounded[0] = write;
        return null;
      }
      return write;
    });
    if (unbounded[0] != null) {
      unbounded[0].release();
      return;
    }
    changed(key);
  }

  /** Tells that the cache's object of {@code key} changed (any event): releases the key if it caught up. */
  void changed(ObjectKey key) {
    PendingWrite[] caughtUp = new PendingWrite[1];
    pending.computeIfPresent(key, (k, write) -> {
      if (write.reachedBy(cached.apply(k))) {
        caughtUp[0] = write;
        return null;
      }
      return write;
    });
    if (caughtUp[0] != null) {
      caughtUp[0].release();
    }
  }

  @Override
  public CompletableFuture<?> whenReady(ObjectKey key) {
    if (!pending.containsKey(key)) {
      return READY;
    }
    changed(key);
    PendingWrite write = pending.get(key);
    if (write == null) {
      return READY;
    }
    held.increment();
    return write.released;
  }

  private void expire(ObjectKey key, PendingWrite write) {
    if (!pending.remove(key, write)) {
      return;
    }
    timedOut.increment();
    if (timeoutLogged.compareAndSet(false, true)) {
      log.warn("controller '{}': the cache had not shown its write of {} (resourceVersion {}) after {}; reconciling "
              + "anyway (counted in informer4j_controller_read_your_writes_timeouts_total; later ones are logged at "
              + "DEBUG)", controller, key, write.target(), timeout);
    } else {
      log.debug("controller '{}': the cache had not shown its write of {} (resourceVersion {}) after {}; reconciling "
          + "anyway", controller, key, write.target(), timeout);
    }
    write.release();
  }

  /** Returns how many reconciles were held back (a key held twice counts twice). */
  long held() {
    return held.sum();
  }

  /** Returns how many writes reached their bound before the cache showed them. */
  long timedOut() {
    return timedOut.sum();
  }
}
