package io.informer4j.reader;

import java.time.Duration;
import java.util.Objects;

/**
 * Timing of an informers map's checks for types missing at startup or disappearing later. While some
 * type is missing, checks run after {@code initialBackoff}, growing by {@code factor} up to
 * {@code maxBackoff}, and restarting from {@code initialBackoff} whenever a type goes missing or is
 * activated; when nothing is missing, every registered type is re-checked each {@code interval} to
 * notice types that vanish. A discovery signal (a CRD created) triggers a check at once.
 *
 * @param interval       the period of checks while nothing is missing (default 90 s)
 * @param initialBackoff the first delay while something is missing (default 5 s)
 * @param factor         the growth of that delay (default 2)
 * @param maxBackoff     the largest delay while something is missing (default 5 min)
 */
public record MissingTypeChecks(Duration interval, Duration initialBackoff, double factor, Duration maxBackoff) {

  /** The defaults: 90 s, 5 s doubling to 5 min. */
  public static final MissingTypeChecks DEFAULT =
      new MissingTypeChecks(Duration.ofSeconds(90), Duration.ofSeconds(5), 2.0, Duration.ofMinutes(5));

  /** @throws IllegalArgumentException if a duration is not positive or the factor is below 1 */
  public MissingTypeChecks {
    Objects.requireNonNull(interval, "interval");
    Objects.requireNonNull(initialBackoff, "initialBackoff");
    Objects.requireNonNull(maxBackoff, "maxBackoff");
    if (!isPositive(interval) || !isPositive(initialBackoff) || maxBackoff.compareTo(initialBackoff) < 0 || factor < 1.0) {
      throw new IllegalArgumentException("invalid missing-type checks: interval " + interval + ", backoff "
          + initialBackoff + " x" + factor + " up to " + maxBackoff);
    }
  }

  private static boolean isPositive(Duration d) {
    return !d.isZero() && !d.isNegative();
  }

  /** Returns the same timing with every delay set to {@code d} (handy in tests and demos). */
  public static MissingTypeChecks every(Duration d) {
    return new MissingTypeChecks(d, d, 1.0, d);
  }
}
