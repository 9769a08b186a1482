package io.informer4j.queue;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-item retry counts of a per-item rate limiter, saturating at {@link Integer#MAX_VALUE}.
 * Thread-safe.
 *
 * @param <K> the item type
 */
final class FailureCounts<K> {

  private final ConcurrentHashMap<K, Integer> counts = new ConcurrentHashMap<>();

  /** Records one more retry of {@code item} and returns its count, this one included. */
  int increment(K item) {
    return counts.merge(item, 1, (count, one) -> count == Integer.MAX_VALUE ? count : count + 1);
  }

  void forget(K item) {
    counts.remove(item);
  }

  int count(K item) {
    return counts.getOrDefault(item, 0);
  }
}
