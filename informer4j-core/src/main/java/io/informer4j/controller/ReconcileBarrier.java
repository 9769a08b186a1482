package io.informer4j.controller;

import java.util.concurrent.CompletableFuture;

/**
 * Holds an item back before its reconcile until something it depends on has happened — for example
 * until the cache has seen the controller's own last write of the object (read-your-writes). A
 * worker asks {@link #whenReady} after taking an item: when the future is complete it reconciles at
 * once; otherwise it <em>parks</em> the item: it hands the item back to the queue ({@code done}) and
 * adds it again once the future completes, so a worker never blocks on one key while others wait.
 * An add of a parked item meanwhile (a new event) is taken and asked again.
 *
 * <p>Implementations must be thread-safe (every worker asks concurrently), must never block, and
 * must complete every future they return within a bound of their own (a future that never completes
 * leaves its item parked until another add).
 *
 * @param <K> the item type
 */
@FunctionalInterface
public interface ReconcileBarrier<K> {

  /** A completed future, for items that may be reconciled now. */
  CompletableFuture<Void> READY = CompletableFuture.completedFuture(null);

  /** A barrier that holds nothing back; the controller's default. */
  static <K> ReconcileBarrier<K> none() {
    return item -> READY;
  }

  /**
   * Returns a future that completes (normally or not: either releases the item) once {@code item}
   * may be reconciled; a completed one, such as {@link #READY}, when it may be now. Never blocks.
   */
  CompletableFuture<?> whenReady(K item);
}
