package io.informer4j.informer;

import java.time.Duration;
import java.util.Objects;

/**
 * Options of one event handler registration.
 *
 * @param name         names the handler in logs, status and metrics
 * @param resyncPeriod how often the handler wants every cached object re-delivered as an update
 *                     ({@link Duration#ZERO} for never); raised to at least one second
 */
public record HandlerOptions(String name, Duration resyncPeriod) {

  /** The smallest resync period a handler can get. */
  public static final Duration MINIMUM_RESYNC = Duration.ofSeconds(1);

  /** @throws IllegalArgumentException if the period is negative */
  public HandlerOptions {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(resyncPeriod, "resyncPeriod");
    if (resyncPeriod.isNegative()) {
      throw new IllegalArgumentException("resync period must not be negative: " + resyncPeriod);
    }
    if (!resyncPeriod.isZero() && resyncPeriod.compareTo(MINIMUM_RESYNC) < 0) {
      resyncPeriod = MINIMUM_RESYNC;
    }
  }

  /** Returns options with a name and no resync. */
  public static HandlerOptions named(String name) {
    return new HandlerOptions(name, Duration.ZERO);
  }

  /** Returns a copy with the resync period set. */
  public HandlerOptions withResync(Duration period) {
    return new HandlerOptions(name, period);
  }
}
