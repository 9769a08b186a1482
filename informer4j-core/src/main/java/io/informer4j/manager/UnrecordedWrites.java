package io.informer4j.manager;

import io.informer4j.controller.Reconciler;
import io.informer4j.controller.Result;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.slf4j.Logger;

/**
 * Finds writes of a controller's primary objects that read-your-writes did not see: a change of an
 * object the cache shows while the controller reconciles it, or within the read-your-writes bound
 * after, that directly follows what the reconcile read (or a write recorded since) and whose new
 * version no controller of the manager recorded ({@link OwnWrites#record}). That is the mark of a
 * write made by the reconcile through a path not bound to the controller, such as a raw client. A change shown while
 * the reconcile runs is judged when it returns, one shown after it when the next reconcile of the key
 * begins (the change queues one), so a write recorded just after its event reached the cache — by the
 * reconcile or by another thread — is not taken for one. A change of an object that a write of the
 * manager's controllers is on its way to record ({@link OwnWrites#writing}) is judged when that write
 * ends, so a write whose event reaches the cache long before its response reaches the writer is not
 * taken for one either.
 *
 * <p>Each such write is counted ({@link #count()}); the first is logged at WARN, naming the object and
 * how to fix it. A change by another writer that lands in the same window looks the same and is
 * counted too: the warning says so. An entry is kept per primary key from its reconcile until the
 * bound after it passed: dropped when a change or deletion of the key finds it expired, or by the
 * sweep every {@value #SWEEP_EVERY} reconciles. Thread-safe: each key's state changes inside
 * the map's per-key compute; the log runs outside it.
 */
final class UnrecordedWrites {

  /** Every this many reconciles, the entries of keys past their bound are dropped. */
  static final int SWEEP_EVERY = 1024;

  /** One key's latest reconcile: what it read, whether it still runs, when it ended, changes to judge. */
  private static final class Reconcile {
    private final Optional<String> read;
    /** What the key's reconcile before read, while within its bound (empty: none, or past it). */
    private final Optional<String> previousRead;
    private final List<String> seen = new ArrayList<>();
    private final List<String> suspects = new ArrayList<>();
    private boolean running = true;
    private long endedAt;

    private Reconcile(Optional<String> read, Optional<String> previousRead) {
      this.read = read;
      this.previousRead = previousRead;
    }
  }

  private final String controller;
  private final TypeKey primary;
  private final RecordedWrites recorded;
  private final Function<ObjectKey, Optional<String>> cached;
  private final Clock clock;
  private final long windowNanos;
  private final Logger log;
  private final ConcurrentMap<ObjectKey, Reconcile> reconciles = new ConcurrentHashMap<>();
  private final ConcurrentMap<ObjectKey, Set<String>> awaitingWrites = new ConcurrentHashMap<>();
  private final LongAdder found = new LongAdder();
  private final AtomicLong ends = new AtomicLong();
  private final AtomicBoolean warned = new AtomicBoolean();

  /**
   * @param cached the version the cache holds of a primary key (empty: none)
   * @param window how long after a reconcile a change still counts as its write (the read-your-writes bound)
   */
  UnrecordedWrites(String controller, TypeKey primary, RecordedWrites recorded,
                   Function<ObjectKey, Optional<String>> cached, Clock clock,
                   Duration window, Logger log) {
    this.controller = controller;
    this.primary = primary;
    this.recorded = recorded;
    this.cached = cached;
    this.clock = clock;
    this.windowNanos = window.toNanos();
    this.log = log;
  }

  /** Returns {@code reconciler} watched: each reconcile of a key opens its window. */
  Reconciler<ObjectKey> around(Reconciler<ObjectKey> reconciler) {
    return key -> {
      Optional<String> read = cached.apply(key);
      Reconcile[] replaced = new Reconcile[1];
      reconciles.compute(key, (k, previous) -> {
        replaced[0] = previous;
        return new Reconcile(read, previous == null || expired(previous) ? Optional.empty() : previous.read);
      });
      Reconcile previous = replaced[0];
      if (previous != null) {
        judgeAll(key, previous);
      }
      try {
        return reconciler.reconcile(key);
      } finally {
        ended(key);
      }
    };
  }

  /** Judges the changes shown while the reconcile of {@code key} ran. */
  private void ended(ObjectKey key) {
    Reconcile ended = reconciles.computeIfPresent(key, (k, reconcile) -> {
      reconcile.running = false;
      reconcile.endedAt = clock.nanoTime();
      return reconcile;
    });
    if (ended != null) {
      judgeAll(key, ended);
    }
    if (ends.incrementAndGet() % SWEEP_EVERY == 0) {
      sweep();
    }
  }

  /** Drops the entries of keys whose reconcile ended longer than the bound ago. */
  private void sweep() {
    for (ObjectKey key : reconciles.keySet()) {
      reconciles.computeIfPresent(key, (k, reconcile) -> expired(reconcile) ? null : reconcile);
    }
  }

  private boolean expired(Reconcile reconcile) {
    return !reconcile.running && clock.nanoTime() - reconcile.endedAt > windowNanos;
  }

  /**
   * Tells that the cache's object of {@code key} changed from {@code oldVersion} (empty: it appeared)
   * to {@code newVersion}; called on the cache's event path, quick and never blocking.
   */
  void changed(ObjectKey key, Optional<String> oldVersion, String newVersion) {
    reconciles.computeIfPresent(key, (k, reconcile) -> {
      if (expired(reconcile)) {
        return null;
      }
      if (oldVersion.equals(Optional.of(newVersion))) {
        return reconcile;
      }
      // the cache shows a change before its handlers hear of it: the next reconcile may have read a
      // change that followed what the previous one read, before it is reported here
      boolean readByThis = reconcile.read.equals(Optional.of(newVersion));
      boolean followsPrevious = readByThis && reconcile.previousRead.isPresent()
          && oldVersion.equals(reconcile.previousRead);
      if (readByThis && !followsPrevious) {
        return reconcile;
      }
      boolean follows = followsPrevious || oldVersion.equals(reconcile.read) || oldVersion.isPresent()
          && (reconcile.seen.contains(oldVersion.get()) || recorded.saw(primary, key, oldVersion.get()));
      if (follows && !reconcile.seen.contains(newVersion)) {
        reconcile.seen.add(newVersion);
        reconcile.suspects.add(newVersion);
      }
      return reconcile;
    });
  }

  /** Judges and forgets the changes {@code reconcile} collected. */
  private void judgeAll(ObjectKey key, Reconcile reconcile) {
    List<String> judge = new ArrayList<>();
    reconciles.compute(key, (k, current) -> {
      judge.addAll(reconcile.suspects);
      reconcile.suspects.clear();
      return current;
    });
    for (String version : judge) {
      judge(key, version);
    }
  }

  /** Forgets a deleted object. */
  void deleted(ObjectKey key) {
    reconciles.remove(key);
  }

  /**
   * Judges the changes of {@code key} put off while writes of it were in flight, once the last has
   * ended; called by {@link RecordedWrites} on the writer's thread.
   */
  void writesEnded(TypeKey type, ObjectKey key) {
    if (!type.equals(primary)) {
      return;
    }
    Set<String> versions = awaitingWrites.remove(key);
    if (versions != null) {
      versions.forEach(version -> judge(key, version));
    }
  }

  private void judge(ObjectKey key, String version) {
    if (recorded.saw(primary, key, version)) {
      return;
    }
    if (recorded.writing(primary, key)) {
      awaitingWrites.compute(key, (k, versions) -> {
        Set<String> awaiting = versions == null ? ConcurrentHashMap.newKeySet() : versions;
        awaiting.add(version);
        return awaiting;
      });
      if (!recorded.writing(primary, key)) {
        writesEnded(primary, key);
      }
      return;
    }
    found.increment();
    if (warned.compareAndSet(false, true)) {
      log.warn("controller '{}': {} {} changed to resourceVersion {} by a write read-your-writes did not see: it "
          + "landed while the controller reconciled the object, or just after, and was never recorded as the "
          + "controller's own, so the next reconcile may read the state from before it. Write through the writes "
          + "bound to the controller (Kubernetes: OperatorWrites.builder(client).forController(controllerBuilder)) "
          + "or record each write with ControllerBuilder.ownWrites().record(...). If another program wrote it, "
          + "ignore this. Logged once per controller; all are counted in "
          + "informer4j_controller_read_your_writes_unrecorded_total", controller, primary, key, version);
    } else {
      log.debug("controller '{}': unrecorded write of {} {} at resourceVersion {}", controller, primary, key, version);
    }
  }

  /** Returns how many keys have an entry (reconciled, their bound not known to have passed). */
  int tracked() {
    return reconciles.size();
  }

  /** Returns how many unrecorded writes were found. */
  long count() {
    return found.sum();
  }
}
