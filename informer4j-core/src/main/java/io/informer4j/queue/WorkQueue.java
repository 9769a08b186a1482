package io.informer4j.queue;

import java.time.Duration;
import java.util.Optional;

/**
 * A work queue with client-go's rules: items are de-duplicated while they wait, and one item is
 * never handed to two workers at once.
 *
 * <p>The queue keeps every item it knows in one of three states:
 * <ul>
 *   <li><b>queued</b>: dirty and waiting to be handed out; adding it again changes nothing (it is
 *       never queued twice);</li>
 *   <li><b>processing</b>: handed out by a {@code get} and not yet {@link #done done}; an add
 *       marks it dirty but does not queue it, so no second worker can take it;</li>
 *   <li><b>processing and dirty</b>: {@link #done} queues it again, once, however many adds came
 *       in while it was processed.</li>
 * </ul>
 * So after any number of adds an item is processed at most once more after its current run, and
 * at least once after its last add. Every worker must call {@link #done} for each item it got.
 *
 * <p>Shutdown: {@link #shutDown()} stops accepting adds (they are ignored and return false) and
 * wakes every waiting {@code get}. Items already queued are still handed out; a {@code get} on an
 * empty queue that is shutting down returns empty at once. {@link #shutDownWithDrain(Duration)}
 * additionally waits until no item is being processed.
 *
 * <p>All implementations are thread-safe.
 *
 * @param <K> the item type; needs value-based {@code equals} and {@code hashCode}
 */
public interface WorkQueue<K> {

  /**
   * Adds {@code item} unless it is already queued; an item being processed is marked to be queued
   * again when {@link #done} is called for it. Never blocks on queue space.
   *
   * @return false when the add was ignored because the queue is shutting down, or rejected by a
   *     depth cap (see {@link WorkQueueBuilder#maxDepth(int)}); true otherwise
   */
  boolean add(K item);

  /**
   * Takes the next item, waiting while the queue is empty. The item is then being processed until
   * {@link #done} is called for it.
   *
   * @return the item, or empty once the queue is shutting down and has no queued item left
   * @throws InterruptedException if the thread is interrupted while waiting; no item is taken then
   */
  Optional<K> get() throws InterruptedException;

  /**
   * Like {@link #get()} but waits at most {@code timeout}.
   *
   * <p>An empty result means no item: {@link #isShuttingDown()} then tells a shutdown (true) from a
   * timeout (false), since a queue never leaves shutdown.
   *
   * @return the item, or empty on timeout or once the queue is shut down and empty
   * @throws InterruptedException if the thread is interrupted while waiting; no item is taken then
   */
  Optional<K> get(Duration timeout) throws InterruptedException;

  /** Takes the next item if one is queued, without waiting; otherwise returns empty. */
  Optional<K> poll();

  /**
   * Marks {@code item} as no longer processed. If it was added while processed, it is queued again.
   * A call for an item that is not being processed does nothing.
   */
  void done(K item);

  /** Returns how many items are queued (not counting items being processed or delayed). Informational. */
  int len();

  /**
   * Stops accepting adds, discards delayed adds, wakes every waiting {@code get} and releases the
   * queue's own timer thread, if any. Cancels a {@link #shutDownWithDrain} wait. Idempotent; does
   * not wait for items being processed.
   */
  void shutDown();

  /**
   * Shuts down like {@link #shutDown()}, then waits until no item is being processed. Items that
   * are queued but not taken by any worker do not hold the wait, as in client-go.
   *
   * @param timeout the longest wait
   * @return true if no item was being processed on return; false on timeout or when a later
   *     {@link #shutDown()} cancelled the wait
   * @throws InterruptedException if interrupted while waiting (the queue stays shut down)
   */
  boolean shutDownWithDrain(Duration timeout) throws InterruptedException;

  /**
   * {@link #shutDownWithDrain(Duration)} without a time limit: returns when no item is being
   * processed or a later {@link #shutDown()} cancels the wait.
   *
   * @throws InterruptedException if interrupted while waiting (the queue stays shut down)
   */
  void shutDownWithDrain() throws InterruptedException;

  /** Returns true once a shutdown has started. */
  boolean isShuttingDown();

  /** Returns the queue's name, used in logs and as the {@code name} tag of its metrics. */
  String name();

  /** Returns a builder of work queues; see {@link WorkQueueBuilder} for the defaults. */
  static <K> WorkQueueBuilder<K> builder() {
    return new WorkQueueBuilder<>();
  }
}
