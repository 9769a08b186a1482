package io.informer4j.informer;

import java.time.Duration;
import java.util.Objects;

/**
 * Delays between failed attempts: {@code initial × factor^n} capped at {@code cap}, plus up to
 * {@code jitter} times that at random; the sequence restarts after {@code resetAfter} without
 * failures. The default is client-go's: 0.8 s doubling to 30 s, jitter 1.0, reset after 2 minutes.
 *
 * @param initial    the first delay
 * @param cap        the largest delay before jitter
 * @param factor     the growth factor, at least 1
 * @param jitter     the random extra, as a fraction of the delay (0 for none)
 * @param resetAfter a quiet period after which delays start over from {@code initial}
 */
public record BackoffPolicy(Duration initial, Duration cap, double factor, double jitter, Duration resetAfter) {

  /** client-go's reflector backoff. */
  public static final BackoffPolicy DEFAULT =
      new BackoffPolicy(Duration.ofMillis(800), Duration.ofSeconds(30), 2.0, 1.0, Duration.ofMinutes(2));

  /**
   * The backoff while nothing accepts connections (the server is down or restarting): 100 ms
   * doubling to 1 s, jitter 0.5, so an informer reconnects within about a second and a half of the
   * server's return however long it was away; a refused connection costs the server nothing.
   */
  public static final BackoffPolicy RECONNECT =
      new BackoffPolicy(Duration.ofMillis(100), Duration.ofSeconds(1), 2.0, 0.5, Duration.ofMinutes(2));

  /** @throws IllegalArgumentException if a value is out of range */
  public BackoffPolicy {
    Objects.requireNonNull(initial, "initial");
    Objects.requireNonNull(cap, "cap");
    Objects.requireNonNull(resetAfter, "resetAfter");
    if (initial.isNegative() || cap.compareTo(initial) < 0 || factor < 1.0 || jitter < 0 || resetAfter.isNegative()) {
      throw new IllegalArgumentException("invalid backoff: initial " + initial + ", cap " + cap + ", factor " + factor
          + ", jitter " + jitter + ", resetAfter " + resetAfter);
    }
  }
}
