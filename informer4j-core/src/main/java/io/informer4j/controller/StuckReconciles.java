package io.informer4j.controller;

import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches a controller's reconciles for ones that do not return, as the stall monitor watches
 * handlers: each reconcile arms a timer at the stuck threshold (cancelled when it returns); one still
 * running then is <em>stuck</em>: reported once at WARN with its key and where its worker's thread is,
 * counted, and listed by {@link #stuckKeys()} until it returns (the worker then logs one INFO).
 * Nothing is interrupted: that is the reconcile timeout's business. Thread-safe.
 */
final class StuckReconciles {

  private static final Logger LOG = LoggerFactory.getLogger(StuckReconciles.class);
  private static final int STACK_FRAMES = 12;

  private final String controller;
  private final Duration threshold;
  private final Scheduler timer;
  private final Runnable onStuck;
  private List<Worker<?>> workers = List.of();

  /** @param onStuck called once per reconcile found stuck (to count it) */
  StuckReconciles(String controller, Duration threshold, Scheduler timer, Runnable onStuck) {
    this.controller = controller;
    this.threshold = threshold;
    this.timer = timer;
    this.onStuck = onStuck;
  }

  /** Sets the workers {@link #stuckKeys()} and {@link #allStuck()} look at. */
  synchronized void watch(List<? extends Worker<?>> running) {
    workers = List.copyOf(running);
  }

  /**
   * Arms the check of one reconcile of {@code worker}; returns what cancels it, or null when the timer
   * has stopped (the controller is stopping).
   */
  <K> Scheduler.Cancellable arm(Worker<K> worker, Worker.Busy<K> busy) {
    try {
      return timer.schedule(threshold, () -> {
        if (worker.busy() == busy) {
          busy.markStuck();
          onStuck.run();
          report(worker.thread(), busy.item());
        }
      });
    } catch (RejectedExecutionException timerStopped) {
      return null;
    }
  }

  /** Returns the keys of the reconciles stuck now (as their {@code toString()}), in worker order. */
  List<String> stuckKeys() {
    List<String> keys = new ArrayList<>();
    for (Worker<?> worker : currentWorkers()) {
      Object item = worker.stuckItem();
      if (item != null) {
        keys.add(String.valueOf(item));
      }
    }
    return keys;
  }

  /** Returns true when the controller has workers and every one of them is stuck. */
  boolean allStuck() {
    List<Worker<?>> all = currentWorkers();
    return !all.isEmpty() && all.stream().allMatch(worker -> worker.stuckItem() != null);
  }

  private synchronized List<Worker<?>> currentWorkers() {
    return workers;
  }

  private void report(Thread thread, Object item) {
    String where = Arrays.stream(thread.getStackTrace()).limit(STACK_FRAMES).map(StackTraceElement::toString)
        .collect(Collectors.joining("\n\tat ", "\n\tat ", ""));
    LOG.warn("controller '{}': the reconcile of {} has been running for {}, its stuck threshold; its worker waits on"
        + " it and takes no other key. Thread {} is at:{}", controller, item, threshold, thread.getName(), where);
  }
}
