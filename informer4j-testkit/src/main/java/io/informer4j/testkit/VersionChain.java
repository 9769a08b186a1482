package io.informer4j.testkit;

import java.util.Arrays;

/**
 * The versions of one key, oldest first, as etcd keeps them (multi-version concurrency control): a
 * read at revision {@code r} sees the newest version written at or before {@code r}; a deletion is
 * a version without a state (a tombstone).
 *
 * <p>Not thread-safe: guarded by the {@link Storage} lock. Usually holds one or two versions;
 * compaction drops the ones no read can reach any more.
 */
final class VersionChain {

  private long[] revisions = new long[1];
  private SimObject[] states = new SimObject[1];
  private int size;

  /** Appends a version; {@code state} is null for a deletion. Revisions must increase. */
  void append(long revision, SimObject state) {
    if (size == revisions.length) {
      revisions = Arrays.copyOf(revisions, size * 2);
      states = Arrays.copyOf(states, size * 2);
    }
    revisions[size] = revision;
    states[size] = state;
    size++;
  }

  /** Returns the current state, or null when the key is deleted. */
  SimObject latest() {
    return size == 0 ? null : states[size - 1];
  }

  /** Returns the state as of {@code revision}, or null when the key did not exist then. */
  SimObject at(long revision) {
    for (int i = size - 1; i >= 0; i--) {
      if (revisions[i] <= revision) {
        return states[i];
      }
    }
    return null;
  }

  /**
   * Forgets what compaction past the version written at {@code revision} makes unreachable: every
   * older version, and that version too when it is a deletion. Reads at or after {@code revision}
   * see the same states as before.
   *
   * @return true when nothing is left, so the key can be dropped
   */
  boolean forgetBefore(long revision) {
    int drop = 0;
    while (drop < size && revisions[drop] < revision) {
      drop++;
    }
    if (drop < size && revisions[drop] == revision && states[drop] == null) {
      drop++;
    }
    if (drop > 0) {
      System.arraycopy(revisions, drop, revisions, 0, size - drop);
      System.arraycopy(states, drop, states, 0, size - drop);
      Arrays.fill(states, size - drop, size, null);
      size -= drop;
    }
    return size == 0;
  }
}
