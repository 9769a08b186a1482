package io.informer4j.coordination;

import io.informer4j.controller.ReconcileGate;
import io.informer4j.controller.KeyPredicate;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import io.informer4j.time.Clock;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToIntFunction;

/**
 * Which shards this replica may work on right now, as a {@link KeyPredicate} before a controller's
 * queue (only keys of held shards are queued) and, through {@link #gate(TypeKey)}, as the controller's
 * {@link ReconcileGate} (workers reconcile only keys of held shards and drop the others), with
 * in-flight reconciles counted per shard. A {@link ShardCoordinator} maintains it; a sharded
 * {@code Manager} controller uses both.
 *
 * <p>A shard is <i>active</i> while held, not being released, and within its local validity (the
 * start of its last successful renewal plus the renew deadline). Validity is checked on every
 * decision against the clock, so a replica cut off from the backend stops handing out a shard's keys
 * at its renew deadline even if no renewal round runs. A shard past its validity counts as lost;
 * renewing it later counts as gaining it again (so its cached keys are queued again).
 *
 * <p>Thread-safe; no method blocks.
 */
public final class ShardOwnership implements KeyPredicate {

  private final int shards;
  private final Clock clock;
  private final long[] validUntil;
  private final boolean[] held;
  private final boolean[] releasing;
  private final AtomicIntegerArray inFlight;
  private final LongAdder dropped = new LongAdder();

  /**
   * Creates the ownership of {@code shards} shards, none held.
   *
   * @throws CoordinationSettingsException if {@code shards} is not positive
   */
  ShardOwnership(int shards, Clock clock) {
    this.shards = ShardHash.requireShards(shards);
    this.clock = clock;
    this.validUntil = new long[shards];
    this.held = new boolean[shards];
    this.releasing = new boolean[shards];
    this.inFlight = new AtomicIntegerArray(shards);
  }

  /** Returns the number of shards. */
  public int shards() {
    return shards;
  }

  /** Returns the shard of object {@code key} of {@code type} (see {@link ShardHash}). */
  public int shardOf(TypeKey type, ObjectKey key) {
    return ShardHash.shardOf(type, key, shards);
  }

  /** Returns true while {@code shard} is active (held, not being released, within validity). */
  public synchronized boolean isActive(int shard) {
    return isHeldNow(shard) && !releasing[shard];
  }

  /** Returns the shards held right now (being released included), ascending. */
  public synchronized Set<Integer> held() {
    Set<Integer> out = new TreeSet<>();
    for (int shard = 0; shard < shards; shard++) {
      if (isHeldNow(shard)) {
        out.add(shard);
      }
    }
    return out;
  }

  /** Returns the held shards being released, ascending. */
  public synchronized Set<Integer> releasing() {
    Set<Integer> out = new TreeSet<>();
    for (int shard = 0; shard < shards; shard++) {
      if (isHeldNow(shard) && releasing[shard]) {
        out.add(shard);
      }
    }
    return out;
  }

  /** Returns how many reconciles of {@code shard} are running. */
  public int inFlight(int shard) {
    return inFlight.get(shard);
  }

  /** Returns how many items workers dropped because their shard was not active. */
  public long dropped() {
    return dropped.sum();
  }

  @Override
  public boolean accepts(TypeKey type, ObjectKey key) {
    return isActive(shardOf(type, key));
  }

  /**
   * Returns the gate of a controller whose items are keys of {@code type}: workers never wait (a
   * sharded replica's workers stay busy with what it holds); a key of a shard that is not active is
   * dropped (it comes back through a re-queue if the shard is gained again); a key admitted is
   * counted in flight until its reconcile ends.
   */
  public ReconcileGate<ObjectKey> gate(TypeKey type) {
    Objects.requireNonNull(type, "type");
    return gate(key -> shardOf(type, key));
  }

  /**
   * Returns a gate like {@link #gate(TypeKey)} for items whose shard {@code shardOf} gives (for
   * example one shard for every key of a fleet's cluster): workers never wait, an item of a shard
   * that is not active is dropped and counted, an item admitted is counted in flight until its
   * reconcile ends (so the shard's release waits for it).
   */
  public <K> ReconcileGate<K> gate(ToIntFunction<K> shardOf) {
    Objects.requireNonNull(shardOf, "shardOf");
    return new ReconcileGate<>() {
      @Override
      public void awaitOpen() {
      }

      @Override
      public Admission enter(K item) {
        return ShardOwnership.this.enter(shardOf.applyAsInt(item));
      }

      @Override
      public void exit(K item) {
        ShardOwnership.this.exit(shardOf.applyAsInt(item));
      }
    };
  }

  private ReconcileGate.Admission enter(int shard) {
    synchronized (this) {
      if (isActive(shard)) {
        inFlight.incrementAndGet(shard);
        return ReconcileGate.Admission.RUN;
      }
    }
    dropped.increment();
    return ReconcileGate.Admission.DROP;
  }

  private void exit(int shard) {
    if (inFlight.decrementAndGet(shard) == 0) {
      synchronized (this) {
        notifyAll();
      }
    }
  }

  /**
   * Waits until no reconcile of {@code shard} runs, at most {@code timeout}.
   *
   * @return true when none runs
   * @throws InterruptedException if interrupted while waiting
   */
  public synchronized boolean awaitDrained(int shard, java.time.Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (inFlight.get(shard) > 0) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return true;
  }

  /**
   * Records a successful acquisition or renewal of {@code shard}, valid until {@code validUntilNanos}.
   *
   * @return true when the shard was not held before (gained, or regained after its validity lapsed)
   */
  synchronized boolean renewed(int shard, long validUntilNanos) {
    boolean gained = !isHeldNow(shard);
    if (gained) {
      releasing[shard] = false;
    }
    held[shard] = true;
    validUntil[shard] = validUntilNanos;
    return gained;
  }

  /** Stops handing out {@code shard}'s keys before it is released; returns false if it is not held. */
  synchronized boolean startReleasing(int shard) {
    if (!isHeldNow(shard)) {
      return false;
    }
    releasing[shard] = true;
    return true;
  }

  /** Forgets {@code shard} (released, or lost to another member); returns true if it was held. */
  synchronized boolean drop(int shard) {
    boolean was = isHeldNow(shard);
    held[shard] = false;
    releasing[shard] = false;
    return was;
  }

  /** Returns true while held and within validity; a lapsed shard is forgotten here. */
  private boolean isHeldNow(int shard) {
    if (held[shard] && clock.nanoTime() - validUntil[shard] >= 0) {
      held[shard] = false;
      releasing[shard] = false;
    }
    return held[shard];
  }
}
