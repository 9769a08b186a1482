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
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The balancing rules: quotas differ by at most one and sum to S; replicas that apply their plans
 * against a shared holder table (leases move only when free) converge to every shard held once and
 * a balanced split, whatever the order they act in and whatever they held before. jqwik prints the
 * seed of a failing run; rerun it with {@code @Property(seed = "...")}.
 */
class ShardBalancerProperties {

  @Property(seed = "42")
  void quotasAreBalancedAndSumToTheShardCount(@ForAll @IntRange(min = 1, max = 300) int shards,
                                             @ForAll @IntRange(min = 1, max = 40) int replicas) {
    Set<String> members = members(replicas);
    int sum = 0;
    for (String member : members) {
      int quota = ShardBalancer.quota(shards, member, members);
      assertThat(quota).isBetween(shards / replicas, (shards + replicas - 1) / replicas);
      sum += quota;
    }
    assertThat(sum).isEqualTo(shards);
  }

  @Property(seed = "7", tries = 300)
  void replicasConvergeToOneHolderPerShardAndABalancedSplit(@ForAll @IntRange(min = 1, max = 64) int shards,
                                                           @ForAll @IntRange(min = 1, max = 8) int replicas,
                                                           @ForAll long orderSeed) {
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

  @Property(seed = "11")
  void aPlanNeverTakesAShardHeldByAnother(@ForAll @IntRange(min = 1, max = 64) int shards,
                                          @ForAll @IntRange(min = 2, max = 8) int replicas) {
    Set<String> members = members(replicas);
    Map<Integer, String> holders = new HashMap<>();
    for (int shard = 0; shard < shards; shard += 2) {
      holders.put(shard, "replica-0");
    }
    ShardPlan plan = ShardBalancer.plan(shards, "replica-1", members, holders, Set.of());
    assertThat(plan.acquire()).doesNotContainAnyElementsOf(holders.keySet());
    assertThat(plan.release()).isEmpty();
  }

  @Example
  void aReplicaAloneTakesEveryShardAndOneNotYetListedCountsItself() {
    assertThat(ShardBalancer.plan(4, "a", Set.of(), Map.of(), Set.of()).acquire()).hasSize(4);
    assertThat(ShardBalancer.quota(4, "b", Set.of("a"))).isEqualTo(2);
  }

  @Example
  void shardsBeingReleasedAreNeitherCountedNorReleasedAgain() {
    Map<Integer, String> holders = Map.of(0, "a", 1, "a", 2, "a");
    assertThat(ShardBalancer.plan(4, "a", Set.of("a", "b"), holders, Set.of()).release()).containsExactly(2);
    ShardPlan plan = ShardBalancer.plan(4, "a", Set.of("a", "b"), holders, Set.of(2));
    assertThat(plan.release()).isEmpty();
    assertThat(plan.acquire()).isEmpty();
  }

  @Example
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
