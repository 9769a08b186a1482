package io.informer4j.coordination;

import java.util.Set;

/**
 * What one replica should do in one round: which free shards to try to acquire and which of its
 * shards to give up, to move towards its fair share. Immutable.
 *
 * @param quota   how many shards this replica should hold
 * @param acquire free shards to try, in order of preference
 * @param release held shards to give up (after their in-flight reconciles end)
 */
record ShardPlan(int quota, Set<Integer> acquire, Set<Integer> release) {

  /** Copies the sets. */
  public ShardPlan {
    acquire = Set.copyOf(acquire);
    release = Set.copyOf(release);
  }
}
