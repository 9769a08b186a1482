package io.informer4j.time.internal;

import java.time.Duration;

/**
 * Saturating nanosecond arithmetic for deadlines: a huge duration or a sum past {@code long} range
 * becomes {@link Long#MAX_VALUE} (or {@link Long#MIN_VALUE}) instead of wrapping around.
 * Implementation detail: not for use outside informer4j. Stateless and thread-safe.
 */
public final class Nanos {

  private Nanos() {
  }

  /** Returns {@code duration} in nanoseconds, saturated to the {@code long} range. */
  public static long of(Duration duration) {
    try {
      return duration.toNanos();
    } catch (ArithmeticException overflow) {
      return duration.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
  }

  /** Returns {@code a + b}, saturated to the {@code long} range. */
  public static long add(long a, long b) {
    long sum = a + b;
    if (((a ^ sum) & (b ^ sum)) < 0) {
      return a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
    return sum;
  }
}
