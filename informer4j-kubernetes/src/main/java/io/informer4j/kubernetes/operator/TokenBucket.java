package io.informer4j.kubernetes.operator;

import java.time.Clock;
import java.time.Duration;

/**
 * A token bucket: {@code capacity} tokens at first, one more every {@code refillEvery} up to the
 * capacity; {@link #tryAcquire()} takes one if there is one. Never blocks. Thread-safe.
 */
final class TokenBucket {

  private final int capacity;
  private final long refillNanos;
  private final Clock clock;
  private double tokens;
  private long lastNanos;

  /** @throws IllegalArgumentException if the capacity is below 1 or the period not positive */
  TokenBucket(int capacity, Duration refillEvery, Clock clock) {
    if (capacity < 1 || refillEvery.isNegative() || refillEvery.isZero()) {
      throw new IllegalArgumentException("a token bucket needs a capacity of at least 1 and a positive refill period, got "
          + capacity + " and " + refillEvery);
    }
    this.capacity = capacity;
    this.refillNanos = refillEvery.toNanos();
    this.clock = clock;
    this.tokens = capacity;
    this.lastNanos = nanos();
  }

  /** Takes a token; returns false when none is left. */
  synchronized boolean tryAcquire() {
    long now = nanos();
    if (now > lastNanos) {
      tokens = Math.min(capacity, tokens + (double) (now - lastNanos) / refillNanos);
      lastNanos = now;
    }
    if (tokens >= 1) {
      tokens -= 1;
      return true;
    }
    return false;
  }

  private long nanos() {
    var instant = clock.instant();
    return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
  }
}
