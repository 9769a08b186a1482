package io.informer4j.queue;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-item two-speed limiter: the first {@code maxFastAttempts} retries of an item since it was
 * last forgotten wait {@code fast}, later ones {@code slow}. Thread-safe.
 *
 * @param <K> the item type
 */
public final class FastSlowRateLimiter<K> implements RateLimiter<K> {

  private final Duration fast;
  private final Duration slow;
  private final int maxFastAttempts;
  private final ConcurrentHashMap<K, Integer> attempts = new ConcurrentHashMap<>();

  /**
   * @throws IllegalArgumentException if a delay or {@code maxFastAttempts} is negative
   */
  public FastSlowRateLimiter(Duration fast, Duration slow, int maxFastAttempts) {
    ExponentialFailureRateLimiter.nonNegativeNanos(fast, "fast");
    ExponentialFailureRateLimiter.nonNegativeNanos(slow, "slow");
    if (maxFastAttempts < 0) {
      throw new IllegalArgumentException("maxFastAttempts must not be negative, got " + maxFastAttempts);
    }
    this.fast = fast;
    this.slow = slow;
    this.maxFastAttempts = maxFastAttempts;
  }

  @Override
  public Duration when(K item) {
    int attempt = attempts.merge(item, 1, (count, one) -> count == Integer.MAX_VALUE ? count : count + 1);
    return attempt <= maxFastAttempts ? fast : slow;
  }

  @Override
  public void forget(K item) {
    attempts.remove(item);
  }

  @Override
  public int numRequeues(K item) {
    return attempts.getOrDefault(item, 0);
  }

  @Override
  public String toString() {
    return "fastSlow(" + fast + " x" + maxFastAttempts + ", then " + slow + ")";
  }
}
