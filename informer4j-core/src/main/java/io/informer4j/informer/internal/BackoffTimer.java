package io.informer4j.informer.internal;

import io.informer4j.informer.BackoffPolicy;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * The stateful side of a {@link BackoffPolicy}: each {@link #next()} returns the next delay, and the
 * sequence restarts after a quiet period. Thread-safe.
 */
final class BackoffTimer {

  private final BackoffPolicy policy;
  private final Clock clock;
  private final DoubleSupplier random;
  private int attempts;
  private long lastBackoffNanos;
  private boolean everBackedOff;

  /**
   * @param random gives numbers in [0, 1) for the jitter
   */
  BackoffTimer(BackoffPolicy policy, Clock clock, DoubleSupplier random) {
    this.policy = policy;
    this.clock = clock;
    this.random = random;
  }

  /** Returns the delay before the next attempt, and counts the attempt. */
  synchronized Duration next() {
    long now = clock.nanoTime();
    if (everBackedOff && now - lastBackoffNanos > policy.resetAfter().toNanos()) {
      attempts = 0;
    }
    double base = policy.initial().toNanos() * Math.pow(policy.factor(), attempts);
    double capped = Math.min(base, policy.cap().toNanos());
    double jittered = capped + capped * policy.jitter() * random.getAsDouble();
    attempts = Math.min(attempts + 1, 64);
    lastBackoffNanos = now;
    everBackedOff = true;
    return Duration.ofNanos((long) jittered);
  }
}
