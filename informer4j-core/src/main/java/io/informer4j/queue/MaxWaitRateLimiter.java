package io.informer4j.queue;

import java.time.Duration;
import java.util.Objects;

/**
 * Caps another limiter's delays at {@code maxWait}; counts and forgetting are the other limiter's.
 * Thread-safe when the other limiter is.
 *
 * @param <K> the item type
 */
public final class MaxWaitRateLimiter<K> implements RateLimiter<K> {

  private final RateLimiter<K> limiter;
  private final Duration maxWait;

  /**
   * @throws IllegalArgumentException if {@code maxWait} is negative
   */
  public MaxWaitRateLimiter(RateLimiter<K> limiter, Duration maxWait) {
    this.limiter = Objects.requireNonNull(limiter, "limiter");
    ExponentialFailureRateLimiter.nonNegativeNanos(maxWait, "maxWait");
    this.maxWait = maxWait;
  }

  @Override
  public Duration when(K item) {
    Duration delay = limiter.when(item);
    return delay.compareTo(maxWait) > 0 ? maxWait : delay;
  }

  @Override
  public void forget(K item) {
    limiter.forget(item);
  }

  @Override
  public int numRequeues(K item) {
    return limiter.numRequeues(item);
  }

  @Override
  public String toString() {
    return "withMaxWait(" + limiter + ", " + maxWait + ")";
  }
}
