package io.informer4j.time;

import java.time.Instant;

/**
 * Time as the engine reads it: a monotonic nanosecond counter for durations and a wall clock for
 * status. Inject a {@link ManualClock} to make timing deterministic in tests.
 *
 * <p>Implementations are thread-safe.
 */
public interface Clock {

  /** Returns a monotonic time in nanoseconds; only differences are meaningful. */
  long nanoTime();

  /** Returns the wall-clock time, for status and logs. */
  Instant instant();

  /** Returns the system clock ({@link System#nanoTime()} and {@link Instant#now()}). */
  static Clock system() {
    return SystemClock.INSTANCE;
  }
}
