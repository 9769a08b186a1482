package io.informer4j.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import io.informer4j.testsupport.property.Generators;
import io.informer4j.testsupport.property.PropertyCheck;
import org.junit.jupiter.api.Test;

/**
 * The balancing rules: quotas differ by at most one and sum to S; replicas that apply their plans
 * against a shared holder table (leases move only when free) converge to every shard held once and
 * a balanced split, whatever the order they act in and whatever they held before. A failing check
 * reports the seed that reproduces it.
 */
class ShardBalancerProperties {

  /** A shard count and a number of replicas. */
  record Split(int shards, int replicas) {
  }

  /** A split and the seed of the order replicas act in and of what they held before. */
  record Rounds(int shards, int replicas, long orderSeed) {
  }

  @Test
  void quotasAreBalancedAndSumToTheShardCount() {
    PropertyCheck.forAll(choices -> new Split(choices.draw(Generators.integers(1, 300)),
            choices.draw(Generators.integers(1, 40))))
        .check(split -> quotasAreBalanced(split.shards(), split.replicas()));
  }

  private static void quotasAreBalanced(int shards, int replicas) {
    Set<String> members = members(replicas);
    int sum = 0;
    for (String member : members) {
      int quota = ShardBalancer.quota(shards, member, members);
      assertThat(quota).isBetween(shards / replicas, (shards + replicas - 1) / replicas);
      sum += quota;
    }
    assertThat(sum).isEqualTo(shards);
  }

  @Test
  void replicasConvergeToOneHolderPerShardAndABalancedSplit() {
    PropertyCheck.forAll(choices -> new Rounds(choices.draw(Generators.integers(1, 64)),
            choices.draw(Generators.integers(1, 8)), choices.draw(Generators.longs())))
        .tries(300)
        .check(rounds -> replicasConverge(rounds.shards(), rounds.replicas(), rounds.orderSeed()));
  }

  private static void replicasConverge(int shards, int replicas, long orderSeed) {
    Set<String> members = members(replicas);
    Map<Integer, String> holders = new HashMap<>();
    Random order = new Random(orderSeed);
    List<String> stale = new ArrayList<>(members);
    for (int shard = 0; shard < shards; shard++) {
      if (order.nextBoolean()) {
        holders.put(shard, stale.get(order.nextInt(stale.size())));
      }
    }
    for (int round = 0; round < 4; round++) {
      List<String> turn = new ArrayList<>(members);
      java.util.Collections.shuffle(turn, order);
      for (String me : turn) {
        ShardPlan plan = ShardBalancer.plan(shards, me, members, Map.copyOf(holders), Set.of());
        plan.release().forEach(holders::remove);
        plan.acquire().forEach(shard -> holders.putIfAbsent(shard, me));
      }
    }
    assertThat(holders).hasSize(shards);
    for (String member : members) {
      long held = holders.values().stream().filter(member::equals).count();
      assertThat(held).isEqualTo(ShardBalancer.quota(shards, member, members));
    }
  }

  /** Every split of 1 to 64 shards over 2 to 8 replicas (448 cases: all of them, not a sample). */
  @Test
  void aPlanNeverTakesAShardHeldByAnother() {
    for (int shards = 1; shards <= 64; shards++) {
      for (int replicas = 2; replicas <= 8; replicas++) {
        planLeavesOthersShards(shards, replicas);
      }
    }
  }

  private static void planLeavesOthersShards(int shards, int replicas) {
    Set<String> members = members(replicas);
    Map<Integer, String> holders = new HashMap<>();
    for (int shard = 0; shard < shards; shard += 2) {
      holders.put(shard, "replica-0");
    }
    ShardPlan plan = ShardBalancer.plan(shards, "replica-1", members, holders, Set.of());
    assertThat(plan.acquire()).as("%d shards, %d replicas", shards, replicas).doesNotContainAnyElementsOf(holders.keySet());
    assertThat(plan.release()).as("%d shards, %d replicas", shards, replicas).isEmpty();
  }

  @Test
  void aReplicaAloneTakesEveryShardAndOneNotYetListedCountsItself() {
    assertThat(ShardBalancer.plan(4, "a", Set.of(), Map.of(), Set.of()).acquire()).hasSize(4);
    assertThat(ShardBalancer.quota(4, "b", Set.of("a"))).isEqualTo(2);
  }

  @Test
  void shardsBeingReleasedAreNeitherCountedNorReleasedAgain() {
    Map<Integer, String> holders = Map.of(0, "a", 1, "a", 2, "a");
    assertThat(ShardBalancer.plan(4, "a", Set.of("a", "b"), holders, Set.of()).release()).containsExactly(2);
    ShardPlan plan = ShardBalancer.plan(4, "a", Set.of("a", "b"), holders, Set.of(2));
    assertThat(plan.release()).isEmpty();
    assertThat(plan.acquire()).isEmpty();
  }

  @Test
  void zeroOrNegativeShardsAreRejected() {
    assertThatThrownBy(() -> ShardBalancer.quota(0, "a", Set.of()))
        .isInstanceOf(CoordinationSettingsException.class).hasMessageContaining("shards must be positive, got 0");
    assertThatThrownBy(() -> ShardHash.shardOf(io.informer4j.meta.TypeKey.of("", "v1", "Pod"),
        io.informer4j.meta.ObjectKey.of("a", "b"), -1)).isInstanceOf(CoordinationSettingsException.class);
  }

  private static Set<String> members(int count) {
    Set<String> members = new HashSet<>();
    for (int i = 0; i < count; i++) {
      members.add("replica-" + i);
    }
    return members;
  }
}
