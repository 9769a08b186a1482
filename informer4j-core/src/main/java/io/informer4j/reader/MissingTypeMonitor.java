package io.informer4j.reader;

import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an informers map's presence checks on a schedule (see {@link MissingTypeChecks}): with backoff
 * while some type is missing, at the regular interval otherwise, and at once when asked
 * ({@link #checkSoon()}, for example on a CRD-created signal). Checks run one at a time on the given
 * executor, since they block on discovery. Thread-safe.
 */
final class MissingTypeMonitor {

  private static final Logger log = LoggerFactory.getLogger(MissingTypeMonitor.class);

  /** One pass over every registered type; returns whether some type is missing afterwards, and whether anything changed. */
  interface Pass {
    Outcome run();
  }

  /** What a pass found. */
  record Outcome(boolean anyMissing, boolean changed) {
  }

  private final MissingTypeChecks timing;
  private final Scheduler scheduler;
  private final Executor executor;
  private final Pass pass;
  private Scheduler.Cancellable next;
  private Duration backoff;
  private boolean running;
  private boolean stopped;
  private boolean again;

  MissingTypeMonitor(MissingTypeChecks timing, Scheduler scheduler, Executor executor, Pass pass) {
    this.timing = timing;
    this.scheduler = scheduler;
    this.executor = executor;
    this.pass = pass;
    this.backoff = timing.initialBackoff();
  }

  /** Schedules the first pass. */
  synchronized void start(boolean anyMissing) {
    schedule(anyMissing ? timing.initialBackoff() : timing.interval());
  }

  /** Runs a pass as soon as possible, and restarts the backoff. */
  synchronized void checkSoon() {
    backoff = timing.initialBackoff();
    if (running) {
      again = true;
      return;
    }
    schedule(Duration.ZERO);
  }

  /** Restarts the backoff: a type just went missing. */
  synchronized void typeWentMissing() {
    if (!running) {
      backoff = timing.initialBackoff();
      schedule(backoff);
    }
  }

  synchronized void stop() {
    stopped = true;
    if (next != null) {
      next.cancel();
    }
  }

  /** Must hold the lock. */
  private void schedule(Duration delay) {
    if (stopped) {
      return;
    }
    if (next != null) {
      next.cancel();
    }
    next = scheduler.schedule(delay, this::launch);
  }

  private void launch() {
    synchronized (this) {
      if (stopped || running) {
        return;
      }
      running = true;
    }
    try {
      executor.execute(this::runPass);
    } catch (RejectedExecutionException e) {
      synchronized (this) {
        running = false;
      }
    }
  }

  private void runPass() {
    Outcome outcome;
    try {
      outcome = pass.run();
    } catch (RuntimeException e) {
      log.warn("checking for missing types failed; retrying", e);
      outcome = new Outcome(true, false);
    }
    synchronized (this) {
      running = false;
      if (again) {
        again = false;
        schedule(Duration.ZERO);
        return;
      }
      if (!outcome.anyMissing()) {
        backoff = timing.initialBackoff();
        schedule(timing.interval());
        return;
      }
      if (outcome.changed()) {
        backoff = timing.initialBackoff();
      }
      Duration delay = backoff;
      long grown = (long) Math.min(backoff.toNanos() * timing.factor(), timing.maxBackoff().toNanos());
      backoff = Duration.ofNanos(grown);
      schedule(delay);
    }
  }
}
