package io.informer4j.informer.internal;

import io.informer4j.informer.ListProgress;
import io.informer4j.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the objects the list in progress has received. One reflector begins and ends lists, one
 * at a time; any thread may read a {@link #snapshot()}. Thread-safe.
 */
final class ListProgressTracker {

  private final Clock clock;
  private final LongAdder objects = new LongAdder();
  private volatile Instant startedAt;
  private volatile long lastReceivedNanos;

  ListProgressTracker(Clock clock) {
    this.clock = clock;
  }

  /** Starts counting a new list (or a restart of the current one) from zero. */
  void begin() {
    objects.reset();
    startedAt = clock.instant();
    lastReceivedNanos = clock.nanoTime();
  }

  /** Counts one object (or unreadable item) received by the list in progress. */
  void received() {
    objects.increment();
    lastReceivedNanos = clock.nanoTime();
  }

  /** Returns the monotonic time the list in progress last received something (or began). */
  long lastReceivedNanos() {
    return lastReceivedNanos;
  }

  /** Marks that no list is in progress. */
  void end() {
    startedAt = null;
  }

  /** Returns the progress of the list in progress, or null when none is running. */
  ListProgress snapshot() {
    Instant started = startedAt;
    return started == null ? null : new ListProgress(objects.sum(), started);
  }
}
