package io.informer4j.time.internal;

import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Scheduler} with one daemon timer thread of its own, started on the first
 * {@link #schedule} and ended by {@link #close()}. Queues and controllers that were given no shared
 * scheduler use one, so they own at most one thread, and none before they need a timer or after
 * they shut down. Implementation detail: not for use outside informer4j.
 *
 * <p>Thread-safe.
 */
public final class OwnedScheduler implements Scheduler, AutoCloseable {

  private static final long TERMINATION_WAIT_SECONDS = 5;

  private final String threadName;
  private ScheduledThreadPoolExecutor executor;
  private volatile Thread timerThread;
  private boolean closed;

  /** @param threadName the name of the timer thread, once started (whitespace and commas become {@code -}) */
  public OwnedScheduler(String threadName) {
    this.threadName = ThreadNames.readable(threadName);
  }

  /**
   * Schedules {@code task} on the timer thread, starting the thread if needed.
   *
   * @throws RejectedExecutionException if {@link #close()} was called
   */
  @Override
  public Cancellable schedule(Duration delay, Runnable task) {
    ScheduledFuture<?> future = executor().schedule(task, Nanos.of(delay), TimeUnit.NANOSECONDS);
    return () -> future.cancel(false);
  }

  private synchronized ScheduledThreadPoolExecutor executor() {
    if (closed) {
      throw new RejectedExecutionException("scheduler '" + threadName + "' is closed");
    }
    if (executor == null) {
      executor = new ScheduledThreadPoolExecutor(1, runnable -> {
        Thread thread = new Thread(runnable, threadName);
        thread.setDaemon(true);
        timerThread = thread;
        return thread;
      });
      executor.setRemoveOnCancelPolicy(true);
    }
    return executor;
  }

  /** Returns true while the timer thread has been started and not yet ended. */
  public synchronized boolean hasThread() {
    return executor != null && !executor.isTerminated();
  }

  /**
   * Discards pending tasks and ends the timer thread, waiting up to 5 s for the thread to have
   * exited unless called from the timer thread itself. Idempotent. Preserves the caller's interrupt status.
   */
  @Override
  public void close() {
    ScheduledThreadPoolExecutor toStop;
    synchronized (this) {
      closed = true;
      toStop = executor;
    }
    if (toStop == null) {
      return;
    }
    toStop.shutdownNow();
    Thread thread = timerThread;
    if (Thread.currentThread() == thread) {
      return;
    }
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TERMINATION_WAIT_SECONDS);
      toStop.awaitTermination(TERMINATION_WAIT_SECONDS, TimeUnit.SECONDS);
      if (thread != null) {
        long leftMillis = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        thread.join(Math.max(1, leftMillis));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
