package io.informer4j.queue;

import java.time.Duration;

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
  private final FailureCounts<K> attempts = new FailureCounts<>();

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
    int attempt = attempts.increment(item);
    return attempt <= maxFastAttempts ? fast : slow;
  }

  @Override
  public void forget(K item) {
    attempts.forget(item);
  }

  @Override
  public int numRequeues(K item) {
    return attempts.count(item);
  }

  @Override
  public String toString() {
    return "fastSlow(" + fast + " x" + maxFastAttempts + ", then " + slow + ")";
  }
}
