package io.informer4j.controller;

import io.informer4j.controller.ControllerMetrics.Outcome;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.Prioritized;
import io.informer4j.time.Clock;
import io.informer4j.time.Scheduler;
import io.informer4j.time.internal.ThreadNames;
import java.time.Duration;
import java.util.concurrent.ThreadFactory;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One worker of a {@link Controller}: takes items from the queue, reconciles them and applies the
 * outcome (controller-runtime's table: error ⇒ rate-limited requeue, terminal error ⇒ no requeue,
 * requeue-after ⇒ forget + delayed add, requeue ⇒ rate-limited add, success ⇒ forget), always
 * calling {@code done}. A {@link ReconcileGate} is asked before each item is taken and for each
 * item taken: a deferred item goes back on the queue, a dropped one is forgotten. An admitted item
 * the {@link ReconcileBarrier} holds back is parked: handed back to the queue and added again when
 * the barrier's future completes, so the worker moves on to other items. It stops after its current
 * item once asked to; while it waits for an item it can be woken by an interrupt, which is never
 * sent while it reconciles.
 *
 * @param <K> the item type
 */
final class Worker<K> implements Runnable {

  private static final Logger LOG = LoggerFactory.getLogger(Worker.class);

  private final String controller;
  private final PriorityWorkQueue<K> queue;
  private final Reconciler<K> reconciler;
  private final ControllerMetrics metrics;
  private final Clock clock;
  private final Scheduler deadlines;
  private final Duration reconcileTimeout;
  private final ReconcileGate<K> gate;
  private final ReconcileBarrier<K> barrier;
  private final StuckReconciles stuckReconciles;
  private final Thread thread;
  private volatile Busy<K> busy;
  private boolean idle;
  private boolean stopRequested;

  Worker(String controller, int index, PriorityWorkQueue<K> queue, Reconciler<K> reconciler, ControllerMetrics metrics,
      Clock clock, Scheduler deadlines, Duration reconcileTimeout, ReconcileGate<K> gate, ReconcileBarrier<K> barrier,
      StuckReconciles stuckReconciles, ThreadFactory threads) {
    this.controller = controller;
    this.queue = queue;
    this.reconciler = reconciler;
    this.metrics = metrics;
    this.clock = clock;
    this.deadlines = deadlines;
    this.reconcileTimeout = reconcileTimeout;
    this.gate = gate;
    this.barrier = barrier;
    this.stuckReconciles = stuckReconciles;
    this.thread = threads.newThread(this);
    this.thread.setName("informer4j-controller[" + ThreadNames.readable(controller) + "]-worker-" + index);
    this.thread.setDaemon(true);
  }

  Thread thread() {
    return thread;
  }

  /** The reconcile a worker is running: its key, and whether it was found stuck. */
  static final class Busy<K> {
    private final K item;
    private volatile boolean stuck;

    Busy(K item) {
      this.item = item;
    }

    K item() {
      return item;
    }

    boolean isStuck() {
      return stuck;
    }

    void markStuck() {
      stuck = true;
    }
  }

  /** Returns the reconcile running now, or null between reconciles. */
  Busy<K> busy() {
    return busy;
  }

  /** Returns the key of the reconcile running now if it was found stuck, else null. */
  K stuckItem() {
    Busy<K> now = busy;
    return now != null && now.isStuck() ? now.item() : null;
  }

  /** Asks the worker to stop after its current item; wakes it if it is waiting for one. */
  synchronized void requestStop() {
    stopRequested = true;
    if (idle) {
      thread.interrupt();
    }
  }

  /** Marks the worker idle; returns false if it must stop instead. */
  private synchronized boolean goIdle() {
    idle = true;
    return !stopRequested;
  }

  /** Marks the worker busy and clears a wake-up interrupt that raced with the hand-out. */
  private synchronized void goBusy() {
    idle = false;
    Thread.interrupted();
  }

  @Override
  public void run() {
    LOG.debug("controller '{}': {} started", controller, thread.getName());
    try {
      while (goIdle()) {
        Optional<Prioritized<K>> next;
        try {
          gate.awaitOpen();
          next = queue.getWithPriority();
        } catch (InterruptedException wokenToStop) {
          break;
        }
        goBusy();
        if (next.isEmpty()) {
          break;
        }
        process(next.get());
      }
    } finally {
      LOG.debug("controller '{}': {} ended", controller, thread.getName());
    }
  }

  private void process(Prioritized<K> next) {
    K item = next.item();
    ReconcileGate.Admission admission = gate.enter(item);
    if (admission != ReconcileGate.Admission.RUN) {
      turnAway(item, next.priority(), admission);
      return;
    }
    try {
      CompletableFuture<?> ready = barrier.whenReady(item);
      if (ready.isDone()) {
        reconcile(next);
      } else {
        park(item, next.priority(), ready);
      }
    } finally {
      gate.exit(item);
    }
  }

  /** Hands a held-back item back to the queue; it is added again once {@code ready} completes. */
  private void park(K item, int priority, CompletableFuture<?> ready) {
    ready.whenComplete((released, failure) -> queue.add(item, priority));
    queue.done(item);
    LOG.debug("controller '{}': {} parked until its barrier releases it", controller, item);
  }

  /** Puts a deferred item back (it is re-queued when {@code done} runs) or forgets a dropped one. */
  private void turnAway(K item, int priority, ReconcileGate.Admission admission) {
    if (admission == ReconcileGate.Admission.DEFER) {
      queue.add(item, priority);
    } else {
      queue.forget(item);
      LOG.debug("controller '{}': the gate dropped {}", controller, item);
    }
    queue.done(item);
  }

  private void reconcile(Prioritized<K> next) {
    K item = next.item();
    metrics.workerBusy();
    long start = clock.nanoTime();
    Busy<K> running = new Busy<>(item);
    busy = running;
    Scheduler.Cancellable stuckCheck = stuckReconciles.arm(this, running);
    try {
      reconcileAndApply(item, next.priority(), start);
    } finally {
      busy = null;
      if (stuckCheck != null) {
        stuckCheck.cancel();
      }
      queue.done(item);
      metrics.workerIdle();
      if (running.isStuck()) {
        LOG.info("controller '{}': the reconcile of {} returned after {} s; it is no longer stuck", controller, item,
            Duration.ofNanos(clock.nanoTime() - start).toSeconds());
      }
    }
  }

  private void reconcileAndApply(K item, int priority, long start) {
    Result result = null;
    Throwable failure = null;
    boolean panic = false;
    boolean timedOut;
    ReconcileDeadline deadline = reconcileTimeout == null ? null : ReconcileDeadline.arm(deadlines, reconcileTimeout);
    try {
      result = reconciler.reconcile(item);
      if (result == null) {
        failure = new NullPointerException("reconciler returned null instead of a Result");
      }
    } catch (VirtualMachineError fatal) {
      LOG.error("controller '{}': {} ends: reconcile of {} hit a VirtualMachineError", controller, thread.getName(), item,
          fatal);
      throw fatal;
    } catch (Exception e) {
      failure = e;
    } catch (Throwable unexpected) {
      failure = unexpected;
      panic = true;
    } finally {
      timedOut = deadline != null && deadline.finish();
    }
    long nanos = metrics.timed() ? clock.nanoTime() - start : 0;
    if (failure != null) {
      boolean terminal = TerminalReconcileException.isTerminal(failure);
      handleFailure(item, priority, failure, terminal, panic, timedOut);
      metrics.reconciled(Outcome.ERROR, nanos, terminal, panic, timedOut);
    } else {
      metrics.reconciled(apply(item, priority, result), nanos, false, false, timedOut);
    }
  }

  private void handleFailure(K item, int priority, Throwable failure, boolean terminal, boolean panic, boolean timedOut) {
    String why = timedOut ? " after exceeding its timeout of " + reconcileTimeout : "";
    if (terminal) {
      queue.forget(item);
      LOG.error("controller '{}': reconcile of {} failed with a terminal error{}; not requeued", controller, item, why,
          failure);
    } else {
      queue.addRateLimited(item, priority);
      String kind = panic ? "an unexpected Error (recovered)" : "an error";
      LOG.warn("controller '{}': reconcile of {} failed with {}{}; requeued with rate limiting (retry {})", controller,
          item, kind, why, queue.numRequeues(item), failure);
    }
  }

  private Outcome apply(K item, int priority, Result result) {
    int nextPriority = result.priority().orElse(priority);
    if (result.hasRequeueAfter()) {
      queue.forget(item);
      queue.addAfter(item, result.requeueAfter(), nextPriority);
      return Outcome.REQUEUE_AFTER;
    }
    if (result.rateLimitedRequeue()) {
      queue.addRateLimited(item, nextPriority);
      return Outcome.REQUEUE;
    }
    queue.forget(item);
    return Outcome.SUCCESS;
  }
}
