package io.informer4j.coordination;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decides each replica's fair share of the shards and the moves towards it; pure functions, no I/O,
 * thread-safe.
 *
 * <p><b>Quota.</b> With S shards and N live members sorted by identity, the member at index i holds
 * {@code floor(S/N) + (i < S mod N ? 1 : 0)} shards: quotas differ by at most one, never exceed
 * {@code ceil(S/N)}, and sum to exactly S, so when all members see the same membership every shard
 * has a place and no member waits for another to shrink forever.
 *
 * <p><b>Moves.</b> A member over its quota releases its highest-numbered shards; a member under it
 * tries free shards (no valid holder) in rendezvous order — by the FNV-1a hash of
 * {@code identity + "#" + shard} — so members rarely race for the same free shard. Shards whose
 * holder is still valid are never taken: leases move only when released or expired.
 */
final class ShardBalancer {

  private ShardBalancer() {
  }

  /**
   * Returns {@code identity}'s quota among {@code members} (which may omit it: it counts as a member).
   *
   * @throws CoordinationSettingsException if {@code shards} is not positive
   */
  static int quota(int shards, String identity, Set<String> members) {
    ShardHash.requireShards(shards);
    List<String> sorted = sortedWith(identity, members);
    int index = sorted.indexOf(identity);
    int base = shards / sorted.size();
    return base + (index < shards % sorted.size() ? 1 : 0);
  }

  /**
   * Plans one round for {@code identity}.
   *
   * @param shards    the number of shards S
   * @param identity  this replica
   * @param members   the live members as the backend reports them (this replica may be missing)
   * @param holders   the valid holder of each held shard; a shard absent here is free
   * @param releasing shards this replica is already giving up (not counted, not released again)
   * @throws CoordinationSettingsException if {@code shards} is not positive
   */
  static ShardPlan plan(int shards, String identity, Set<String> members, Map<Integer, String> holders,
                               Set<Integer> releasing) {
    Objects.requireNonNull(identity, "identity");
    int quota = quota(shards, identity, members);
    TreeSet<Integer> mine = new TreeSet<>();
    holders.forEach((shard, holder) -> {
      if (identity.equals(holder) && !releasing.contains(shard)) {
        mine.add(shard);
      }
    });
    Set<Integer> release = new TreeSet<>();
    while (mine.size() - release.size() > quota) {
      release.add(mine.descendingSet().stream().filter(s -> !release.contains(s)).findFirst().orElseThrow());
    }
    Set<Integer> acquire = new LinkedHashSet<>();
    int missing = quota - mine.size();
    if (missing > 0) {
      List<Integer> free = new ArrayList<>();
      for (int shard = 0; shard < shards; shard++) {
        if (!holders.containsKey(shard)) {
          free.add(shard);
        }
      }
      free.sort(Comparator.comparingLong(shard -> Integer.toUnsignedLong(ShardHash.fnv1a(identity + "#" + shard))));
      free.stream().limit(missing).forEach(acquire::add);
    }
    return new ShardPlan(quota, acquire, release);
  }

  private static List<String> sortedWith(String identity, Set<String> members) {
    TreeSet<String> all = new TreeSet<>(members);
    all.add(identity);
    return new ArrayList<>(all);
  }
}
