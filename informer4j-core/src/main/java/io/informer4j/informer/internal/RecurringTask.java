package io.informer4j.informer.internal;

import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A task that may block, run again and again with a fixed delay between the end of one run and the
 * start of the next: the delay on a timer, the run on an executor (so the timer never blocks). A run
 * that throws is logged and the task goes on; a timer or executor that was shut down ends it.
 * Thread-safe.
 */
public final class RecurringTask implements Scheduler.Cancellable {

  private static final Logger log = LoggerFactory.getLogger(RecurringTask.class);

  private final String name;
  private final Scheduler timer;
  private final Executor executor;
  private final Duration delay;
  private final Runnable task;
  private boolean cancelled;
  private Scheduler.Cancellable next;

  private RecurringTask(String name, Scheduler timer, Executor executor, Duration delay, Runnable task) {
    this.name = name;
    this.timer = timer;
    this.executor = executor;
    this.delay = delay;
    this.task = task;
  }

  /** Starts {@code task}: first after {@code initialDelay}, then {@code delay} after each run ended. */
  public static RecurringTask start(String name, Scheduler timer, Executor executor, Duration initialDelay,
                                    Duration delay, Runnable task) {
    RecurringTask recurring = new RecurringTask(name, timer, executor, delay, task);
    recurring.schedule(initialDelay);
    return recurring;
  }

  private synchronized void schedule(Duration after) {
    if (cancelled) {
      return;
    }
    try {
      next = timer.schedule(after, this::dispatch);
    } catch (RejectedExecutionException stopped) {
      cancelled = true;
      log.debug("{}: not scheduled again: the timer was shut down", name);
    }
  }

  private void dispatch() {
    try {
      executor.execute(this::runOnce);
    } catch (RejectedExecutionException stopped) {
      synchronized (this) {
        cancelled = true;
      }
      log.debug("{}: not run: the executor was shut down", name);
    }
  }

  private void runOnce() {
    synchronized (this) {
      if (cancelled) {
        return;
      }
    }
    try {
      task.run();
    } catch (RuntimeException e) {
      log.warn("{}: a run failed; running again after {}", name, delay, e);
    } finally {
      schedule(delay);
    }
  }

  /** Stops scheduling runs; a run in progress finishes. Returns true if this call stopped it. */
  @Override
  public synchronized boolean cancel() {
    if (cancelled) {
      return false;
    }
    cancelled = true;
    if (next != null) {
      next.cancel();
    }
    return true;
  }
}
