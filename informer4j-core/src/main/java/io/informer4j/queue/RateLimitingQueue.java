package io.informer4j.queue;

/**
 * A {@link DelayingQueue} whose retries are paced by a {@link RateLimiter}. Thread-safe.
 *
 * @param <K> the item type
 */
public interface RateLimitingQueue<K> extends DelayingQueue<K> {

  /** Adds {@code item} after the delay its rate limiter gives ({@code addAfter(item, limiter.when(item))}). */
  void addRateLimited(K item);

  /**
   * Clears the rate limiter's failure history of {@code item}, so its next retry starts from the
   * shortest delay. It does not call {@link #done}; workers still must.
   */
  void forget(K item);

  /** Returns how many times {@code item} has been rate-limited since it was last forgotten. */
  int numRequeues(K item);

  /** Returns the rate limiter this queue paces retries with. */
  RateLimiter<K> rateLimiter();
}
