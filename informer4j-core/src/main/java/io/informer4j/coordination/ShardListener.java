package io.informer4j.coordination;

import java.util.Set;

/**
 * Told when this replica's active shards change. Called on the coordinator's thread, after the
 * ownership changed (so the key filter already admits a gained shard's keys); must not block for
 * long: the next renewal round waits for it.
 */
public interface ShardListener {

  /** This replica now holds {@code shards} (acquired, or regained after a lapse). */
  void gained(Set<Integer> shards);

  /** This replica no longer holds {@code shards} (released, taken over, or lapsed). */
  default void lost(Set<Integer> shards) {
  }
}
