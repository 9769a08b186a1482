package io.informer4j.informer.internal;

import io.informer4j.source.SourceException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.time.Clock;
import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Guards a reflector's blocking source calls (a list page, the opening of a watch) against a
 * connection that went silent: a call that has received nothing for the read timeout has its thread
 * interrupted, and whatever it then throws is reported as {@link TransientSourceException.Reason#IDLE}.
 * "Received" is the call's start or the last list item counted by the progress clock. Calls are
 * guarded one at a time (a reflector makes one blocking call at a time). Thread-safe.
 */
final class ReadWatchdog {

  private final Scheduler scheduler;
  private final Clock clock;
  private final long timeoutNanos;
  private final LongSupplier lastProgressNanos;
  private final Runnable onTimeout;

  private Thread caller;
  private long startNanos;
  private boolean tripped;
  private Scheduler.Cancellable check;

  /**
   * @param lastProgressNanos the monotonic time the current call last received something
   * @param onTimeout         told each time a call is interrupted (for counting)
   */
  ReadWatchdog(Scheduler scheduler, Clock clock, Duration timeout, LongSupplier lastProgressNanos, Runnable onTimeout) {
    this.scheduler = scheduler;
    this.clock = clock;
    this.timeoutNanos = timeout.toNanos();
    this.lastProgressNanos = lastProgressNanos;
    this.onTimeout = onTimeout;
  }

  /**
   * Runs {@code call} on the calling thread, interrupting it if it receives nothing for the read
   * timeout; a failure after such an interrupt becomes an IDLE transient error naming {@code what}.
   */
  <R> R guard(String what, Supplier<R> call) {
    synchronized (this) {
      caller = Thread.currentThread();
      startNanos = clock.nanoTime();
      tripped = false;
      arm(timeoutNanos);
    }
    try {
      return call.get();
    } catch (SourceException e) {
      synchronized (this) {
        if (tripped) {
          throw new TransientSourceException(what + " received nothing for " + Duration.ofNanos(timeoutNanos)
              + "; the connection is presumed dead", TransientSourceException.Reason.IDLE, 0, e);
        }
      }
      throw e;
    } finally {
      boolean interrupted;
      synchronized (this) {
        caller = null;
        interrupted = tripped;
        if (check != null) {
          check.cancel();
          check = null;
        }
      }
      if (interrupted) {
        Thread.interrupted();
      }
    }
  }

  /** Must hold the lock. */
  private void arm(long delayNanos) {
    try {
      check = scheduler.schedule(Duration.ofNanos(delayNanos), this::check);
    } catch (RejectedExecutionException timerStopped) {
      check = null;
    }
  }

  private synchronized void check() {
    if (caller == null || tripped) {
      return;
    }
    long quietNanos = clock.nanoTime() - Math.max(startNanos, lastProgressNanos.getAsLong());
    if (quietNanos < timeoutNanos) {
      arm(timeoutNanos - quietNanos);
      return;
    }
    tripped = true;
    onTimeout.run();
    caller.interrupt();
  }
}
