package io.informer4j.queue;

import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Decides how long an item waits before its next retry, as client-go's {@code workqueue} rate
 * limiters do. Per-item limiters keep a failure count per item until {@link #forget}.
 *
 * <p>The static factories build client-go's limiters and defaults. Implementations are thread-safe
 * and never block.
 *
 * @param <K> the item type
 */
public interface RateLimiter<K> {

  /** Returns how long {@code item} must wait now, and records this retry. Never negative. */
  Duration when(K item);

  /** Clears {@code item}'s failure history; a no-op for limiters without per-item state. */
  void forget(K item);

  /** Returns how many retries of {@code item} were recorded since it was last forgotten. */
  int numRequeues(K item);

  /**
   * Returns a per-item exponential limiter: {@code base·2^failures}, capped at {@code max}.
   *
   * @see ExponentialFailureRateLimiter
   */
  static <K> RateLimiter<K> exponential(Duration base, Duration max) {
    return new ExponentialFailureRateLimiter<>(base, max);
  }

  /**
   * Returns a per-item limiter that waits {@code fast} for the first {@code maxFastAttempts} retries
   * and {@code slow} afterwards.
   *
   * @see FastSlowRateLimiter
   */
  static <K> RateLimiter<K> fastSlow(Duration fast, Duration slow, int maxFastAttempts) {
    return new FastSlowRateLimiter<>(fast, slow, maxFastAttempts);
  }

  /**
   * Returns an overall token bucket refilled with {@code qps} tokens per <b>second</b>, holding up to
   * {@code burst}, on the system clock.
   *
   * @see TokenBucketRateLimiter
   */
  static <K> RateLimiter<K> tokenBucket(double qps, int burst) {
    return new TokenBucketRateLimiter<>(qps, burst, Clock.system());
  }

  /**
   * Returns a limiter whose delay is the longest any of {@code limiters} gives; {@code forget} and
   * {@code numRequeues} go to all of them.
   *
   * @see MaxOfRateLimiter
   */
  @SafeVarargs
  static <K> RateLimiter<K> maxOf(RateLimiter<K>... limiters) {
    return new MaxOfRateLimiter<>(List.of(limiters));
  }

  /**
   * Returns {@code limiter} with its delays capped at {@code maxWait}; the way to bound a token
   * bucket's growing debt under a flood of retries.
   *
   * @see MaxWaitRateLimiter
   */
  static <K> RateLimiter<K> withMaxWait(RateLimiter<K> limiter, Duration maxWait) {
    return new MaxWaitRateLimiter<>(limiter, maxWait);
  }

  /**
   * Returns client-go's default controller limiter on the system clock: the longer of a per-item
   * exponential backoff from 5 ms to 1000 s and an overall bucket of 10 per second with burst 100.
   */
  static <K> RateLimiter<K> defaultController() {
    return defaultController(Clock.system());
  }

  /** Returns {@link #defaultController()} with its bucket on {@code clock}. */
  static <K> RateLimiter<K> defaultController(Clock clock) {
    return maxOf(
        exponential(Duration.ofMillis(5), Duration.ofSeconds(1000)),
        new TokenBucketRateLimiter<>(10, 100, clock));
  }

  /** Returns client-go's default item-based limiter: exponential from 1 ms to 1000 s. */
  static <K> RateLimiter<K> defaultItemBased() {
    return exponential(Duration.ofMillis(1), Duration.ofSeconds(1000));
  }
}
