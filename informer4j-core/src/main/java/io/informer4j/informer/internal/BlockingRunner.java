package io.informer4j.informer.internal;

import java.util.concurrent.Executor;

/**
 * Runs a reflector's blocking steps (lists, opening watches) on the runtime's I/O pool, counted by
 * the informer's {@link TaskTracker}, and lets {@link #stop()} interrupt the step running so a
 * blocked list ends promptly. After {@code stop()} no new step starts. Steps clear their thread's
 * interrupt status when they end, so a pooled thread is returned clean. Thread-safe.
 */
final class BlockingRunner {

  private final Executor io;
  private final TaskTracker tracker;
  private final Runnable onRejected;
  private final Object lock = new Object();
  private boolean stopped;
  private Thread running;

  /** @param onRejected runs when the pool refuses a step (its runtime was closed) */
  BlockingRunner(Executor io, TaskTracker tracker, Runnable onRejected) {
    this.io = io;
    this.tracker = tracker;
    this.onRejected = onRejected;
  }

  /**
   * Queues {@code step} on the I/O pool; it is skipped if {@link #stop()} came first. When the pool
   * refuses it, runs the rejection action instead.
   */
  void run(Runnable step) {
    boolean accepted = tracker.execute(io, () -> {
      synchronized (lock) {
        if (stopped) {
          return;
        }
        running = Thread.currentThread();
      }
      try {
        step.run();
      } finally {
        synchronized (lock) {
          if (running == Thread.currentThread()) {
            running = null;
          }
        }
        Thread.interrupted();
      }
    });
    if (!accepted && !isStopped()) {
      onRejected.run();
    }
  }

  private boolean isStopped() {
    synchronized (lock) {
      return stopped;
    }
  }

  /** Starts no new step and interrupts the one running, if any. Idempotent. */
  void stop() {
    synchronized (lock) {
      stopped = true;
      if (running != null) {
        running.interrupt();
      }
    }
  }
}
