package io.informer4j.cli.run;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ends a run on Ctrl-C (SIGINT/SIGTERM through a JVM shutdown hook), and lets the hook
 * wait until the run has stopped cleanly and printed its summary, so the JVM exits only after that
 * (bounded by a grace period). Thread-safe.
 */
final class StopSignal {

  private final CountDownLatch requested = new CountDownLatch(1);
  private final CountDownLatch finished = new CountDownLatch(1);
  private final Thread hook;
  private volatile boolean byHook;

  /** @param grace how long the hook waits for the run to finish before letting the JVM exit */
  StopSignal(Duration grace) {
    this.hook = new Thread(() -> {
      byHook = true;
      requested.countDown();
      try {
        finished.await(grace.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "informer4j-cli-shutdown");
  }

  /** Installs the shutdown hook. */
  void install() {
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /** Waits up to {@code timeout} for Ctrl-C; returns true if it came. */
  boolean await(Duration timeout) throws InterruptedException {
    return requested.await(Math.max(0, timeout.toNanos()), TimeUnit.NANOSECONDS);
  }

  /** Says the run has finished, releasing the hook; removes the hook when the JVM is not shutting down. */
  void finished() {
    finished.countDown();
    if (!byHook) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shutdownInProgress) {
        // the hook runs now and returns at once: finished is counted down
      }
    }
  }
}
