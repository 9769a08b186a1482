package io.informer4j.queue;

import java.time.Duration;
import java.util.Optional;

/**
 * A {@link RateLimitingQueue} whose items carry a priority, with controller-runtime's priority queue
 * semantics: the highest priority is handed out first, then the earliest ready; when an item is
 * added again while queued, the higher priority and the earlier ready time win; initial-list and
 * resync adds use {@link #LOW_PRIORITY}. Priorities <b>age</b>, so a low priority item cannot
 * starve: the exact rule and its bound are in {@link QueueOrdering}.
 *
 * <p>The plain methods of the super-interfaces use {@link #DEFAULT_PRIORITY}. A queue built with
 * {@link QueueOrdering#fifo()} carries priorities (a requeue keeps them) but hands items out in the
 * order they became ready.
 *
 * <p>Thread-safe; blocking and shutdown behaviour as in {@link WorkQueue}.
 *
 * @param <K> the item type
 */
public interface PriorityWorkQueue<K> extends RateLimitingQueue<K> {

  /** The priority of plain adds. */
  int DEFAULT_PRIORITY = 0;

  /** The priority controller-runtime gives initial-list and resync adds. */
  int LOW_PRIORITY = -100;

  /**
   * {@link #add(Object)} at {@code priority}. If the item is already queued it keeps the higher of
   * the two priorities; if it is being processed, the re-queue on {@link #done} uses the highest
   * priority added meanwhile.
   *
   * @return as {@link WorkQueue#add(Object)}
   */
  boolean add(K item, int priority);

  /** {@link #addAfter(Object, Duration)} at {@code priority}; a waiting item keeps the higher priority. */
  void addAfter(K item, Duration delay, int priority);

  /** {@link #addRateLimited(Object)} at {@code priority}. */
  void addRateLimited(K item, int priority);

  /**
   * {@link #get()} returning the priority the item was queued at.
   *
   * @throws InterruptedException if interrupted while waiting; no item is taken then
   */
  Optional<Prioritized<K>> getWithPriority() throws InterruptedException;

  /**
   * {@link #get(Duration)} returning the priority the item was queued at.
   *
   * @throws InterruptedException if interrupted while waiting; no item is taken then
   */
  Optional<Prioritized<K>> getWithPriority(Duration timeout) throws InterruptedException;

  /** Returns how this queue orders queued items. */
  QueueOrdering ordering();

  /**
   * Returns how many adds of new items a depth cap has rejected since the queue was built (also
   * the {@code workqueue_depth_cap_rejections_total} metric).
   */
  long rejectedAdds();

  /** The depth cap of a queue without one: every add of a new item is accepted. */
  int UNBOUNDED = 0;

  /** Returns the depth cap, or {@link #UNBOUNDED}. */
  int maxDepth();

  /**
   * Changes the depth cap at run time ({@link #UNBOUNDED} for none). Items already queued are never evicted.
   *
   * @throws IllegalArgumentException if {@code maxDepth} is negative
   */
  void setMaxDepth(int maxDepth);
}
