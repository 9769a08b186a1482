package io.informer4j.queue;

/**
 * The entries being processed, oldest hand-out first, as an intrusive list: adding and removing an
 * entry is O(1) and allocation-free, and the oldest start time and the sum of start times give the
 * {@code workqueue_longest_running_processor_seconds} and {@code workqueue_unfinished_work_seconds}
 * gauges in O(1). Not thread-safe: guarded by the queue's lock.
 *
 * @param <K> the item type
 */
final class InFlight<K> {

  private Entry<K> oldest;
  private Entry<K> newest;
  private int count;
  private long startedNanosSum;

  void add(Entry<K> entry, long startedNanos) {
    entry.startedNanos = startedNanos;
    entry.olderInFlight = newest;
    entry.newerInFlight = null;
    if (newest == null) {
      oldest = entry;
    } else {
      newest.newerInFlight = entry;
    }
    newest = entry;
    count++;
    startedNanosSum += startedNanos;
  }

  void remove(Entry<K> entry) {
    if (entry.olderInFlight == null) {
      oldest = entry.newerInFlight;
    } else {
      entry.olderInFlight.newerInFlight = entry.newerInFlight;
    }
    if (entry.newerInFlight == null) {
      newest = entry.olderInFlight;
    } else {
      entry.newerInFlight.olderInFlight = entry.olderInFlight;
    }
    entry.olderInFlight = null;
    entry.newerInFlight = null;
    count--;
    startedNanosSum -= entry.startedNanos;
  }

  /** Returns the summed age of every in-flight entry at {@code nowNanos}. */
  long unfinishedNanos(long nowNanos) {
    return count * nowNanos - startedNanosSum;
  }

  /** Returns the age of the oldest in-flight entry at {@code nowNanos}, 0 when none. */
  long longestRunningNanos(long nowNanos) {
    return oldest == null ? 0 : nowNanos - oldest.startedNanos;
  }
}
