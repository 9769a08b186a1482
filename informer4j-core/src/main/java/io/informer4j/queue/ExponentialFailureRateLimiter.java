package io.informer4j.queue;

import java.time.Duration;
import java.util.Objects;

/**
 * Per-item exponential backoff: the n-th retry of an item since it was last forgotten waits
 * {@code base·2^(n-1)}, capped at {@code max}. The arithmetic saturates, so no failure count can
 * overflow into a short or negative delay. Thread-safe.
 *
 * @param <K> the item type
 */
public final class ExponentialFailureRateLimiter<K> implements RateLimiter<K> {

  private final long baseNanos;
  private final Duration max;
  private final long maxNanos;
  private final FailureCounts<K> failures = new FailureCounts<>();

  /**
   * @param base the first delay; zero or positive
   * @param max  the cap; zero or positive
   * @throws IllegalArgumentException if a duration is negative or does not fit in a {@code long} of nanoseconds
   */
  public ExponentialFailureRateLimiter(Duration base, Duration max) {
    this.baseNanos = nonNegativeNanos(base, "base");
    this.maxNanos = nonNegativeNanos(max, "max");
    this.max = max;
  }

  static long nonNegativeNanos(Duration duration, String what) {
    Objects.requireNonNull(duration, what);
    if (duration.isNegative()) {
      throw new IllegalArgumentException(what + " delay must not be negative, got " + duration);
    }
    try {
      return duration.toNanos();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(what + " delay " + duration + " is too long", e);
    }
  }

  @Override
  public Duration when(K item) {
    int previousFailures = failures.increment(item) - 1;
    return Duration.ofNanos(delayNanos(previousFailures));
  }

  /** Returns {@code min(base·2^exponent, max)} without overflow. */
  long delayNanos(int exponent) {
    if (baseNanos == 0) {
      return 0;
    }
    boolean fits = exponent < Long.numberOfLeadingZeros(baseNanos);
    return fits ? Math.min(baseNanos << exponent, maxNanos) : maxNanos;
  }

  @Override
  public void forget(K item) {
    failures.forget(item);
  }

  @Override
  public int numRequeues(K item) {
    return failures.count(item);
  }

  @Override
  public String toString() {
    return "exponential(" + Duration.ofNanos(baseNanos) + " -> " + max + ")";
  }
}
