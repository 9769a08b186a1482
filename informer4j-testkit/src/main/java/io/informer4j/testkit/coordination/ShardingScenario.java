package io.informer4j.testkit.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.ShardHash;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sharding acceptance scenario, the same on every backend: three replicas split the shards
 * evenly and reconcile every key; one is killed (its connection cut first, so it cannot release) and
 * every key of its shards is reconciled again by the others within the lease duration plus one resync
 * (plus a margin for a loaded machine); it restarts and the shards rebalance; no key was ever
 * reconciled by two replicas at once. Not thread-safe; close it to stop every replica left.
 */
public final class ShardingScenario implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ShardingScenario.class);
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final Duration MARGIN = Duration.ofSeconds(5);

  /** A started replica and how to kill it (cut its connection, then stop it). */
  public record Started(ShardedReplica replica, Runnable kill) {
  }

  private final int shards;
  private final TypeKey type;
  private final Set<String> keys;
  private final LeaseTiming timing;
  private final Duration resyncPeriod;
  private final ReconcileLog reconciles = new ReconcileLog();
  private final Function<String, Started> starter;
  private final Map<String, Started> replicas = new LinkedHashMap<>();

  /**
   * Prepares the scenario.
   *
   * @param shards       the shard count the replicas use
   * @param type         the type of the reconciled objects
   * @param keys         every object key ({@code ns/name}) that exists
   * @param timing       the lease timing the replicas use
   * @param resyncPeriod the replicas' resync period
   * @param starter      starts a replica with an identity, recording into the given log
   */
  public ShardingScenario(int shards, TypeKey type, Set<String> keys, LeaseTiming timing, Duration resyncPeriod,
                          BiFunction<String, ReconcileLog, Started> starter) {
    this.shards = shards;
    this.type = type;
    this.keys = new TreeSet<>(keys);
    this.timing = timing;
    this.resyncPeriod = resyncPeriod;
    this.starter = identity -> starter.apply(identity, reconciles);
  }

  /** Runs the scenario; returns how long after the kill every key of the killed replica had been reconciled again. */
  public Duration run() {
    List.of("replica-a", "replica-b", "replica-c").forEach(id -> replicas.put(id, starter.apply(id)));
    awaitBalanced();
    await().atMost(WAIT).until(() -> reconciles.keysReconciledSince(Long.MIN_VALUE, "").containsAll(keys));

    Set<Integer> victimShards = replicas.get("replica-c").replica().held();
    Set<String> victimKeys = new TreeSet<>();
    for (String key : keys) {
      if (victimShards.contains(ShardHash.shardOf(type, ObjectKey.parse(key), shards))) {
        victimKeys.add(key);
      }
    }
    long killedAt = System.nanoTime();
    replicas.remove("replica-c").kill().run();
    await().atMost(timing.leaseDuration().plus(resyncPeriod).plus(MARGIN))
        .until(() -> reconciles.keysReconciledSince(killedAt, "replica-c").containsAll(victimKeys));
    Duration takeover = Duration.ofNanos(System.nanoTime() - killedAt);
    LOG.info("the killed replica's {} keys were all reconciled again {} ms after the kill",
        victimKeys.size(), takeover.toMillis());
    awaitBalanced();

    replicas.put("replica-c", starter.apply("replica-c"));
    awaitBalanced();
    await().atMost(WAIT).until(() -> !reconciles.keysReconciledSince(killedAt, "").isEmpty()
        && reconciles.keysReconciledBy("replica-c").size() > 0);
    assertThat(reconciles.overlaps(0)).as("keys reconciled by two replicas at once").isEmpty();
    assertThat(replicas.get("replica-a").replica().coordinator().status())
        .containsEntry("shards", shards).containsKey("holders").containsKey("transitions");
    return takeover;
  }

  private void awaitBalanced() {
    int count = replicas.size();
    await().atMost(WAIT).untilAsserted(() -> {
      Set<Integer> all = new TreeSet<>();
      for (Started started : replicas.values()) {
        ShardedReplica replica = started.replica();
        assertThat(replica.held()).as(replica.identity()).hasSizeBetween(shards / count, (shards + count - 1) / count);
        assertThat(all).doesNotContainAnyElementsOf(replica.held());
        all.addAll(replica.held());
      }
      assertThat(all).hasSize(shards);
    });
  }

  /** Kills every replica left. */
  @Override
  public void close() {
    replicas.values().forEach(started -> started.kill().run());
    replicas.clear();
  }
}
