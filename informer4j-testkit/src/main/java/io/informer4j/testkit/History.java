package io.informer4j.testkit;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The window of recent writes, oldest first, shared by all types as etcd's revision history is.
 * When it holds more than its limit the oldest write is compacted away; a watch can then only
 * start at or after {@link #compactedRevision()}.
 *
 * <p>Not thread-safe: guarded by the {@link Storage} lock. Appends and evictions are O(1); finding
 * where a replay starts is a binary search.
 */
final class History {

  private final int limit;
  private ChangeRecord[] ring = new ChangeRecord[16];
  private int head;
  private int size;
  private long compactedRevision;

  /** @param limit how many writes are retained; 0 keeps none */
  History(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("history limit must not be negative: " + limit);
    }
    this.limit = limit;
  }

  /**
   * Appends a write and compacts beyond the limit.
   *
   * @param onCompacted told of each write that leaves the window, oldest first
   */
  void append(ChangeRecord change, Consumer<ChangeRecord> onCompacted) {
    if (size == ring.length) {
      grow();
    }
    ring[(head + size) % ring.length] = change;
    size++;
    while (size > limit) {
      onCompacted.accept(removeOldest());
    }
  }

  /** Compacts every write up to {@code revision}, the current one, even when none is held. */
  void compactTo(long revision, Consumer<ChangeRecord> onCompacted) {
    while (size > 0) {
      onCompacted.accept(removeOldest());
    }
    compactedRevision = Math.max(compactedRevision, revision);
  }

  /** Returns the newest revision whose history is gone; watches must start at or after it. */
  long compactedRevision() {
    return compactedRevision;
  }

  /** Calls {@code action} for every retained write after {@code revision}, oldest first. */
  void forEachAfter(long revision, Consumer<ChangeRecord> action) {
    for (int i = firstAfter(revision); i < size; i++) {
      action.accept(at(i));
    }
  }

  private int firstAfter(long revision) {
    int low = 0;
    int high = size;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (at(mid).revision() <= revision) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }

  private ChangeRecord at(int index) {
    return ring[(head + index) % ring.length];
  }

  private ChangeRecord removeOldest() {
    ChangeRecord oldest = ring[head];
    ring[head] = null;
    head = (head + 1) % ring.length;
    size--;
    compactedRevision = oldest.revision();
    return oldest;
  }

  private void grow() {
    ChangeRecord[] bigger = new ChangeRecord[ring.length * 2];
    for (int i = 0; i < size; i++) {
      bigger[i] = at(i);
    }
    ring = bigger;
    head = 0;
  }
}
