package io.informer4j.benchmarks.sharding;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Waits for a benchmark condition by checking it every 20 ms. Figures never come from these waits:
 * they are computed from the recorded reconcile times.
 */
final class Waits {

  private static final long STEP = Duration.ofMillis(20).toNanos();

  private Waits() {
  }

  /**
   * Returns once {@code condition} holds.
   *
   * @throws IllegalStateException naming {@code what} if it does not hold within {@code timeout}
   */
  static void until(String what, Duration timeout, BooleanSupplier condition) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("timed out after " + timeout + " waiting for " + what);
      }
      LockSupport.parkNanos(STEP);
    }
  }
}
