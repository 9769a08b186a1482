package io.informer4j.coordination;

import java.time.Duration;
import java.util.Objects;

/**
 * The timing of every lease a replica holds, as in client-go's leader election.
 *
 * <ul>
 *   <li>{@code leaseDuration}: how long a lease stays valid after its holder last renewed it; others
 *       may take it over only after that.</li>
 *   <li>{@code renewDeadline}: how long after the start of its last successful renewal the holder
 *       still acts on the lease. Past it, it stops handing out work at once, even when the backend has
 *       not answered yet — so it stops {@code leaseDuration - renewDeadline} before anyone else can
 *       take over (the safety margin).</li>
 *   <li>{@code retryPeriod}: how often a replica renews what it holds and tries to acquire more.</li>
 * </ul>
 *
 * <p>Immutable.
 *
 * @param leaseDuration how long a lease lives without renewal
 * @param renewDeadline how long the holder acts on a lease after the start of its last renewal
 * @param retryPeriod   the interval between renewal rounds
 */
public record LeaseTiming(Duration leaseDuration, Duration renewDeadline, Duration retryPeriod) {

  /** client-go's defaults: 15 s lease, 10 s renew deadline, 2 s retry period. */
  public static final LeaseTiming DEFAULT = new LeaseTiming(Duration.ofSeconds(15), Duration.ofSeconds(10),
      Duration.ofSeconds(2));

  /**
   * Validates the timing.
   *
   * @throws CoordinationSettingsException unless {@code 0 < retryPeriod < renewDeadline < leaseDuration}
   */
  public LeaseTiming {
    positive(leaseDuration, "lease duration");
    positive(renewDeadline, "renew deadline");
    positive(retryPeriod, "retry period");
    if (renewDeadline.compareTo(leaseDuration) >= 0) {
      throw new CoordinationSettingsException("the renew deadline (" + renewDeadline
          + ") must be shorter than the lease duration (" + leaseDuration + "), or two replicas could act at once");
    }
    if (retryPeriod.compareTo(renewDeadline) >= 0) {
      throw new CoordinationSettingsException("the retry period (" + retryPeriod
          + ") must be shorter than the renew deadline (" + renewDeadline + "), or a lease would lapse between renewals");
    }
  }

  /** Returns the margin between the holder stopping and anyone else taking over: lease duration − renew deadline. */
  public Duration safetyMargin() {
    return leaseDuration.minus(renewDeadline);
  }

  private static void positive(Duration value, String what) {
    Objects.requireNonNull(value, what);
    if (value.isNegative() || value.isZero()) {
      throw new CoordinationSettingsException("the " + what + " must be positive, got " + value);
    }
  }
}
