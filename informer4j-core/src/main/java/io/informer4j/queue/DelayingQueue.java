package io.informer4j.queue;

import java.time.Duration;

/**
 * A {@link WorkQueue} that can add an item later.
 *
 * <p>Delayed items wait in a heap ordered by ready time, driven by the queue's clock and scheduler
 * (injectable, so tests use a {@link io.informer4j.time.ManualClock}). There is no bounded hand-off
 * between callers and the timer: {@link #addAfter} never drops an item. Delayed items are discarded
 * by a shutdown. Thread-safe.
 *
 * @param <K> the item type
 */
public interface DelayingQueue<K> extends WorkQueue<K> {

  /**
   * Adds {@code item} once {@code delay} has passed; a zero or negative delay adds it at once. If
   * the item is already waiting, it keeps the earlier of its current and its new ready time (a
   * re-add only ever moves it earlier). Counted in {@code workqueue_retries_total}. Delayed adds are
   * never rejected by a depth cap. Ignored after shutdown. Never blocks.
   *
   * @throws java.util.concurrent.RejectedExecutionException if an injected scheduler was shut down
   */
  void addAfter(K item, Duration delay);
}
