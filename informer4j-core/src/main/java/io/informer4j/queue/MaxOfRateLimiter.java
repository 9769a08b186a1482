package io.informer4j.queue;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Combines limiters: the delay is the longest any of them gives (each is asked, so each records
 * the retry), {@link #numRequeues} is the highest count, and {@link #forget} reaches all of them.
 * Thread-safe when its parts are.
 *
 * @param <K> the item type
 */
public final class MaxOfRateLimiter<K> implements RateLimiter<K> {

  private final List<RateLimiter<K>> limiters;

  /**
   * @throws IllegalArgumentException if {@code limiters} is empty
   * @throws NullPointerException     if {@code limiters} or one of them is null
   */
  public MaxOfRateLimiter(List<? extends RateLimiter<K>> limiters) {
    Objects.requireNonNull(limiters, "limiters");
    if (limiters.isEmpty()) {
      throw new IllegalArgumentException("maxOf needs at least one rate limiter");
    }
    this.limiters = List.copyOf(limiters);
  }

  @Override
  public Duration when(K item) {
    Duration longest = Duration.ZERO;
    for (RateLimiter<K> limiter : limiters) {
      Duration delay = limiter.when(item);
      if (delay.compareTo(longest) > 0) {
        longest = delay;
      }
    }
    return longest;
  }

  @Override
  public void forget(K item) {
    limiters.forEach(limiter -> limiter.forget(item));
  }

  @Override
  public int numRequeues(K item) {
    int most = 0;
    for (RateLimiter<K> limiter : limiters) {
      most = Math.max(most, limiter.numRequeues(item));
    }
    return most;
  }

  @Override
  public String toString() {
    return "maxOf" + limiters;
  }
}
