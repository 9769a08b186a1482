package io.informer4j.informer;

import java.time.Duration;
import java.util.Objects;

/**
 * Options of one event handler registration.
 *
 * @param name         names the handler in logs, status and metrics
 * @param resyncPeriod how often the handler wants every cached object re-delivered as an update:
 *                     null for the informer's default resync period ({@link SharedIndexInformer.Builder#resyncPeriod}),
 *                     {@link Duration#ZERO} for never whatever that default; raised to at least one second
 */
public record HandlerOptions(String name, Duration resyncPeriod) {

  /** The smallest resync period a handler can get. */
  public static final Duration MINIMUM_RESYNC = Duration.ofSeconds(1);

  /** @throws IllegalArgumentException if the period is negative */
  public HandlerOptions {
    Objects.requireNonNull(name, "name");
    if (resyncPeriod != null && resyncPeriod.isNegative()) {
      throw new IllegalArgumentException("resync period must not be negative: " + resyncPeriod);
    }
    if (resyncPeriod != null && !resyncPeriod.isZero() && resyncPeriod.compareTo(MINIMUM_RESYNC) < 0) {
      resyncPeriod = MINIMUM_RESYNC;
    }
  }

  /** Returns options with a name and the informer's default resync period. */
  public static HandlerOptions named(String name) {
    return new HandlerOptions(name, null);
  }

  /**
   * Returns a copy with the handler's own resync period ({@link Duration#ZERO} for never), overriding
   * the informer's default.
   */
  public HandlerOptions withResync(Duration period) {
    return new HandlerOptions(name, Objects.requireNonNull(period, "period"));
  }
}
