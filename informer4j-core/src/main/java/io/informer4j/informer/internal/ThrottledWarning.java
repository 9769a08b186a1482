package io.informer4j.informer.internal;

import io.informer4j.time.Clock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;

/**
 * Logs a recurring problem at WARN at most once per interval and at DEBUG otherwise, so a flood of
 * bad input cannot flood the log while every occurrence stays visible to debugging. Thread-safe.
 */
final class ThrottledWarning {

  private static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(10);

  private final Logger log;
  private final Clock clock;
  private final AtomicLong lastWarnNanos = new AtomicLong(Long.MIN_VALUE);

  ThrottledWarning(Logger log, Clock clock) {
    this.log = log;
    this.clock = clock;
  }

  /** Logs {@code format} with {@code args} (SLF4J style; a trailing throwable is logged as such). */
  void log(String format, Object... args) {
    long now = clock.nanoTime();
    long last = lastWarnNanos.get();
    if ((last == Long.MIN_VALUE || now - last >= INTERVAL_NANOS) && lastWarnNanos.compareAndSet(last, now)) {
      log.warn(format, args);
    } else {
      log.debug(format, args);
    }
  }
}
