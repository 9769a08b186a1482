package io.informer4j.time;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Scheduler} over a {@link ScheduledExecutorService}; the executor's owner shuts it down.
 * Thread-safe.
 */
public final class ExecutorScheduler implements Scheduler {

  private final ScheduledExecutorService executor;

  /** @param executor runs the tasks; not shut down by this class */
  public ExecutorScheduler(ScheduledExecutorService executor) {
    this.executor = Objects.requireNonNull(executor, "executor");
  }

  @Override
  public Cancellable schedule(Duration delay, Runnable task) {
    ScheduledFuture<?> future = executor.schedule(task, Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS);
    return () -> future.cancel(false);
  }
}
