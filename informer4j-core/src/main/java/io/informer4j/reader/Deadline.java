package io.informer4j.reader;

import java.time.Duration;

/** A point in time, on the monotonic clock, that waits must end by. Immutable. */
final class Deadline {

  private final long start;
  private final long budget;

  private Deadline(long start, long budget) {
    this.start = start;
    this.budget = budget;
  }

  /** Returns the deadline {@code timeout} from now; a zero or negative timeout is already past. */
  static Deadline after(Duration timeout) {
    long budget;
    try {
      budget = Math.max(0, timeout.toNanos());
    } catch (ArithmeticException tooLong) {
      budget = Long.MAX_VALUE;
    }
    return new Deadline(System.nanoTime(), budget);
  }

  /** Returns the nanoseconds left, 0 once past. */
  long remainingNanos() {
    return Math.max(0, budget - (System.nanoTime() - start));
  }

  /** Returns the time left, zero once past. */
  Duration remaining() {
    return Duration.ofNanos(remainingNanos());
  }
}
