package io.informer4j.time;

import java.time.Duration;

/**
 * Runs tasks after a delay. The engine's timers (backoff, resync, watch timeouts, delayed queue
 * adds) go through a scheduler so tests can drive them with a {@link ManualClock}.
 *
 * <p>Implementations are thread-safe. Tasks must be short: they run on a shared timer thread.
 */
public interface Scheduler {

  /**
   * Runs {@code task} once, {@code delay} from now (at once when zero or negative).
   *
   * @return a handle that cancels the task if it has not started
   * @throws java.util.concurrent.RejectedExecutionException if the scheduler was shut down
   */
  Cancellable schedule(Duration delay, Runnable task);

  /** A scheduled task that can be cancelled. */
  @FunctionalInterface
  interface Cancellable {
    /** Cancels the task if it has not run yet; returns true when it was cancelled by this call. */
    boolean cancel();
  }
}
