package io.informer4j.informer.internal;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts one informer's tasks on shared executors so that stopping can tell when the last one
 * ended. Thread-safe.
 */
final class TaskTracker {

  private final AtomicInteger active = new AtomicInteger();
  private volatile Runnable onIdleAfterClose;
  private volatile boolean closed;

  /**
   * Runs {@code task} on {@code executor}, counted. Returns false (and runs nothing) if the
   * executor refused it, which happens only once the runtime was closed.
   */
  boolean execute(Executor executor, Runnable task) {
    active.incrementAndGet();
    try {
      executor.execute(() -> {
        try {
          task.run();
        } finally {
          exit();
        }
      });
      return true;
    } catch (RejectedExecutionException e) {
      exit();
      return false;
    }
  }

  private void exit() {
    if (active.decrementAndGet() == 0 && closed) {
      fireIdle();
    }
  }

  /**
   * Marks the tracker closed and runs {@code onIdle} once no tracked task runs any more (at once if
   * none does). Tasks submitted afterwards are still counted; they are expected to return quickly.
   */
  void closeThen(Runnable onIdle) {
    onIdleAfterClose = onIdle;
    closed = true;
    if (active.get() == 0) {
      fireIdle();
    }
  }

  private void fireIdle() {
    Runnable action;
    synchronized (this) {
      action = onIdleAfterClose;
      onIdleAfterClose = null;
    }
    if (action != null) {
      action.run();
    }
  }
}
