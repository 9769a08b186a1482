package io.informer4j.coordination;

import java.util.Map;
import java.util.Set;

/**
 * What the coordination backend showed in one round: the live members and each held shard's valid
 * holder. Immutable.
 *
 * @param members the identities whose membership lease is valid
 * @param holders the holder of every shard whose lease is valid; free shards are absent
 */
public record ShardView(Set<String> members, Map<Integer, String> holders) {

  /** Copies the collections. */
  public ShardView {
    members = Set.copyOf(members);
    holders = Map.copyOf(holders);
  }
}
