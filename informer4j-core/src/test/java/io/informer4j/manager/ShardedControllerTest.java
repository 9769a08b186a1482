package io.informer4j.manager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Result;
import io.informer4j.coordination.LeaderElection;
import io.informer4j.coordination.Leadership;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.ShardCoordinator;
import io.informer4j.coordination.ShardLeases;
import io.informer4j.coordination.ShardView;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectKey;
import io.informer4j.testing.FakeBackend;
import io.informer4j.testing.Item;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A sharded Manager controller: keys of shards it does not hold are dropped before its queue and
 * counted; once it gains the shards, their cached keys are queued at once (no event, no resync
 * needed); the manager starts and closes the coordinator; leader election and sharding exclude each
 * other.
 */
class ShardedControllerTest {

  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(200));
  private static final int KEYS = 20;

  /** Leases of a sole member that hold nothing until {@link #grant} is set. */
  private static final class GrantingLeases implements ShardLeases {
    final AtomicBoolean grant = new AtomicBoolean();
    final AtomicBoolean started = new AtomicBoolean();
    final AtomicBoolean closed = new AtomicBoolean();

    @Override
    public void start(InformerRuntime runtime) {
      started.set(true);
    }

    @Override
    public String identity() {
      return "sole";
    }

    @Override
    public ShardView refresh(int shards) {
      return new ShardView(Set.of("sole"), Map.of());
    }

    @Override
    public OptionalLong acquireOrRenew(int shard) {
      return grant.get() ? OptionalLong.of(System.nanoTime()) : OptionalLong.empty();
    }

    @Override
    public void release(int shard) {
    }

    @Override
    public void close() {
      closed.set(true);
    }
  }

  private final FakeBackend backend = new FakeBackend();
  private Manager manager;

  @AfterEach
  void tearDown() throws InterruptedException {
    if (manager != null) {
      manager.stop(Duration.ofSeconds(10));
    }
  }

  @Test
  void keysOfShardsNotHeldAreDroppedAndAGainedShardsCachedKeysAreQueuedAtOnce() {
    for (int i = 0; i < KEYS; i++) {
      backend.source(FakeBackend.PODS).put(Item.of("shop", "pod-" + i, "1"));
    }
    GrantingLeases leases = new GrantingLeases();
    ShardCoordinator shards = ShardCoordinator.builder(leases, 4).timing(TIMING).build();
    manager = Manager.builder(backend).name("sharded").build();
    Map<ObjectKey, Integer> reconciled = new ConcurrentHashMap<>();
    manager.controller("pods", FakeBackend.PODS).sharded(shards).reconcile(key -> {
      reconciled.merge(key, 1, Integer::sum);
      return Result.done();
    });
    manager.start();

    await().atMost(Duration.ofSeconds(30)).until(() -> manager.controllers().get(0).filtered() == KEYS);
    assertThat(leases.started).isTrue();
    assertThat(reconciled).isEmpty();

    leases.grant.set(true);

    await().atMost(Duration.ofSeconds(30)).until(() -> reconciled.size() == KEYS);
    assertThat(shards.ownership().held()).hasSize(4);
    assertThat(reconciled.values()).as("each cached key queued once, on the gain").containsOnly(1);

    manager.close();
    assertThat(leases.closed).as("the manager closed the coordinator").isTrue();
  }

  @Test
  void aManagerUnderLeaderElectionRefusesAShardedController() {
    LeaderElection<ObjectKey> election = new LeaderElection<>() {
      private final Leadership<ObjectKey> leadership = new Leadership<>("sole", Clock.system());

      @Override
      public void start(InformerRuntime runtime) {
      }

      @Override
      public Leadership<ObjectKey> leadership() {
        return leadership;
      }

      @Override
      public void close() {
      }
    };
    manager = Manager.builder(backend).name("elected").leaderElection(election).build();
    ShardCoordinator shards = ShardCoordinator.builder(new GrantingLeases(), 4).timing(TIMING).build();
    ControllerBuilder<Item> sharded = manager.controller("pods", FakeBackend.PODS).sharded(shards);

    assertThatThrownBy(() -> sharded.reconcile(key -> Result.done()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'pods' is sharded")
        .hasMessageContaining("leader election");
  }

  @Test
  void aControllerGatedOnOneShardWorksOnlyWhileItIsHeldAndRequeueQueuesEveryCachedKey() {
    for (int i = 0; i < KEYS; i++) {
      backend.source(FakeBackend.PODS).put(Item.of("shop", "pod-" + i, "1"));
    }
    GrantingLeases leases = new GrantingLeases();
    ShardCoordinator shards = ShardCoordinator.builder(leases, 4).timing(TIMING).build();
    manager = Manager.builder(backend).name("gated").build();
    Map<ObjectKey, Integer> reconciled = new ConcurrentHashMap<>();
    manager.controller("pods", FakeBackend.PODS).keyFilter((type, key) -> shards.ownership().isActive(2))
        .gate(shards.ownership().gate(key -> 2)).reconcile(key -> {
          reconciled.merge(key, 1, Integer::sum);
          return Result.done();
        });
    manager.start();
    shards.start(manager.runtime());
    try {
      await().atMost(Duration.ofSeconds(30)).until(() -> manager.controllers().get(0).filtered() == KEYS);
      assertThat(manager.requeue("pods")).as("nothing passes while shard 2 is not held").isZero();
      assertThat(reconciled).isEmpty();

      leases.grant.set(true);
      await().atMost(Duration.ofSeconds(30)).until(() -> shards.ownership().isActive(2));
      assertThat(manager.requeue("pods")).isEqualTo(KEYS);
      await().atMost(Duration.ofSeconds(30)).until(() -> reconciled.size() == KEYS);
      assertThat(reconciled.values()).containsOnly(1);
      assertThatThrownBy(() -> manager.requeue("nodes")).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("no controller named 'nodes'");
    } finally {
      shards.close();
    }
  }

  @Test
  void aGateIsSetOnceAndNotWithSharding() {
    manager = Manager.builder(backend).name("gated").build();
    ShardCoordinator shards = ShardCoordinator.builder(new GrantingLeases(), 4).timing(TIMING).build();
    ControllerBuilder<Item> gated = manager.controller("pods", FakeBackend.PODS).gate(shards.ownership().gate(key -> 0));

    assertThatThrownBy(() -> gated.gate(shards.ownership().gate(key -> 1))).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("gated already");
    ControllerBuilder<Item> both = gated.sharded(shards);
    assertThatThrownBy(() -> both.reconcile(key -> Result.done())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has a gate of its own, but is sharded");
  }
}
