package io.informer4j.controller;

import io.informer4j.time.Scheduler;
import java.time.Duration;

/**
 * The optional per-reconcile timeout: when it expires before {@link #finish()}, the worker thread is
 * interrupted. {@link #finish()} then clears that interrupt, so it cannot leak into the worker's
 * next wait. Thread-safe: expiry and finish exclude each other.
 */
final class ReconcileDeadline implements Runnable {

  private final Thread worker;
  private boolean finished;
  private boolean expired;
  private Scheduler.Cancellable timer;

  private ReconcileDeadline(Thread worker) {
    this.worker = worker;
  }

  /** Arms a deadline {@code timeout} from now for the calling thread. */
  static ReconcileDeadline arm(Scheduler scheduler, Duration timeout) {
    ReconcileDeadline deadline = new ReconcileDeadline(Thread.currentThread());
    Scheduler.Cancellable timer = scheduler.schedule(timeout, deadline);
    synchronized (deadline) {
      deadline.timer = timer;
    }
    return deadline;
  }

  /** Runs on the scheduler at the deadline. */
  @Override
  public synchronized void run() {
    if (!finished) {
      expired = true;
      worker.interrupt();
    }
  }

  /**
   * Ends the deadline; called by the worker when the reconcile returned or threw.
   *
   * @return true if the deadline had expired (the reconcile timed out)
   */
  synchronized boolean finish() {
    finished = true;
    if (timer != null) {
      timer.cancel();
    }
    if (expired) {
      Thread.interrupted();
    }
    return expired;
  }
}
