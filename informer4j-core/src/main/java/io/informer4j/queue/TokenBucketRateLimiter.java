package io.informer4j.queue;

import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * One token bucket for all items, as client-go's bucket limiter over Go's {@code rate.Limiter}: the
 * bucket holds up to {@code burst} tokens (it starts full) and refills at {@code qps} tokens per
 * <b>second</b>. Each {@link #when} takes a token, reserving a future one when the bucket is empty,
 * and returns how long until that token exists. So retries are spread at {@code qps} per second
 * once a burst is spent. Reservations are never refused, so a flood of retries builds a debt that
 * delays later ones further; cap it with {@link RateLimiter#withMaxWait} if that matters.
 *
 * <p>No per-item state: {@link #numRequeues} is always 0 and {@link #forget} does nothing.
 * Thread-safe; time comes from the injected {@link Clock}.
 *
 * @param <K> the item type
 */
public final class TokenBucketRateLimiter<K> implements RateLimiter<K> {

  private static final double NANOS_PER_SECOND = 1e9;

  private final double qps;
  private final int burst;
  private final Clock clock;
  private double tokens;
  private long lastNanos;

  /**
   * @param qps   tokens added per second; positive
   * @param burst bucket size; positive
   * @param clock the time source
   * @throws IllegalArgumentException if {@code qps} or {@code burst} is not positive
   */
  public TokenBucketRateLimiter(double qps, int burst, Clock clock) {
    if (!(qps > 0) || Double.isInfinite(qps)) {
      throw new IllegalArgumentException("token bucket qps must be positive and finite, got " + qps);
    }
    if (burst <= 0) {
      throw new IllegalArgumentException("token bucket burst must be positive, got " + burst);
    }
    this.qps = qps;
    this.burst = burst;
    this.clock = Objects.requireNonNull(clock, "clock");
    this.tokens = burst;
    this.lastNanos = clock.nanoTime();
  }

  @Override
  public synchronized Duration when(K item) {
    long now = clock.nanoTime();
    long elapsed = Math.max(0, now - lastNanos);
    lastNanos = Math.max(lastNanos, now);
    tokens = Math.min(burst, tokens + elapsed * qps / NANOS_PER_SECOND);
    tokens -= 1;
    if (tokens >= 0) {
      return Duration.ZERO;
    }
    return Duration.ofNanos((long) Math.ceil(-tokens / qps * NANOS_PER_SECOND));
  }

  @Override
  public void forget(K item) {
    // No per-item state.
  }

  @Override
  public int numRequeues(K item) {
    return 0;
  }

  @Override
  public String toString() {
    return "tokenBucket(" + qps + "/s, burst " + burst + ")";
  }
}
