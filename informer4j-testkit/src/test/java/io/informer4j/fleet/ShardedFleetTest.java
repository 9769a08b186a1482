package io.informer4j.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Result;
import io.informer4j.coordination.CoordinationException;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.ShardCoordinator;
import io.informer4j.coordination.ShardHash;
import io.informer4j.coordination.ShardLeases;
import io.informer4j.coordination.ShardView;
import io.informer4j.informer.ForwardingBackend;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.coordination.InMemoryShardLeases;
import io.informer4j.time.Clock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two replicas of a sharded fleet over simulated clusters and in-memory shard leases: each engages
 * only the clusters of its shards (or, with warm standby, every cluster while reconciling only its
 * own); a replica that stops hands its clusters over at once, one cut off from the leases stops
 * owning its clusters at its renew deadline and the other takes them over once the leases expired.
 */
class ShardedFleetTest {

  private static final TypeKey WIDGETS = TypeKey.of("example.io", "v1", "Widget");
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final int SHARDS = 4;
  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofMillis(600), Duration.ofMillis(400),
      Duration.ofMillis(50));

  private final SimulatedApi api = SimulatedApi.builder().type(WIDGETS, Scope.NAMESPACED).build();
  private final InMemoryShardLeases.Table table = new InMemoryShardLeases.Table();
  private final List<ClusterDefinition> clusters = new ArrayList<>();
  private final Map<String, Set<String>> reconciledBy = new ConcurrentHashMap<>();
  private final Map<String, FleetManager> replicas = new ConcurrentHashMap<>();
  private final Map<String, InMemoryShardLeases> leases = new ConcurrentHashMap<>();

  @BeforeEach
  void createClusters() {
    api.create(WIDGETS, SimObject.of("shop", "w"));
    IntStream.range(0, 8).forEach(i -> clusters.add(new ClusterDefinition("c-" + i, () -> new ForwardingBackend(api))));
  }

  @AfterEach
  void stop() {
    replicas.values().forEach(FleetManager::close);
    api.close();
  }

  private final Map<String, SimpleMeterRegistry> registries = new ConcurrentHashMap<>();

  private FleetManager start(String identity, boolean warmStandby) {
    InMemoryShardLeases own = new InMemoryShardLeases(identity, table, Clock.system(), TIMING.leaseDuration());
    ShardCoordinator coordinator = ShardCoordinator.builder(own, SHARDS).timing(TIMING).build();
    FleetManager fleet = FleetManager.builder(new FixedClusterProvider(clusters)).name(identity).sharded(coordinator)
        .warmStandby(warmStandby).stopTimeout(Duration.ofSeconds(5))
        .meterRegistry(registries.computeIfAbsent(identity, i -> new SimpleMeterRegistry())).build();
    fleet.controller("widgets", backend -> api.type(WIDGETS)).reconcile((request, cluster) -> {
      reconciledBy.computeIfAbsent(request.cluster(), c -> ConcurrentHashMap.newKeySet()).add(identity);
      return Result.done();
    });
    fleet.start();
    replicas.put(identity, fleet);
    leases.put(identity, own);
    return fleet;
  }

  private static Set<String> names(List<ClusterDefinition> clusters) {
    Set<String> names = new HashSet<>();
    clusters.forEach(c -> names.add(c.name()));
    return names;
  }

  /** True when every cluster is owned by exactly one replica. */
  private boolean sharedOut() {
    List<String> owned = new ArrayList<>();
    replicas.values().forEach(fleet -> owned.addAll(fleet.ownedClusters()));
    return owned.size() == clusters.size() && new HashSet<>(owned).equals(names(clusters));
  }

  @Test
  void eachReplicaEngagesOnlyItsClustersAndAStoppedReplicaHandsThemOver() {
    FleetManager a = start("a", false);
    FleetManager b = start("b", false);
    await().atMost(WAIT).until(() -> sharedOut() && !a.ownedClusters().isEmpty() && !b.ownedClusters().isEmpty());
    assertThat(a.clusterNames()).as("a engages only what it owns").isEqualTo(a.ownedClusters());
    assertThat(b.clusterNames()).isEqualTo(b.ownedClusters());
    for (String cluster : a.ownedClusters()) {
      int shard = ShardHash.shardOf(cluster, SHARDS);
      assertThat(b.ownedClusters()).as("the clusters of a shard stay together")
          .noneMatch(other -> ShardHash.shardOf(other, SHARDS) == shard);
    }
    await().atMost(WAIT).until(() -> reconciledBy.keySet().equals(names(clusters)));

    List<String> handedOver = a.ownedClusters();
    replicas.remove("a").close();
    await().atMost(WAIT).until(() -> b.ownedClusters().size() == clusters.size()
        && handedOver.stream().allMatch(cluster -> reconciledBy.get(cluster).contains("b")));
    assertThat(b.clusterNames()).hasSize(clusters.size());
  }

  @Test
  void withWarmStandbyEveryReplicaCachesEveryClusterButReconcilesOnlyItsOwn() {
    FleetManager a = start("a", true);
    FleetManager b = start("b", true);
    await().atMost(WAIT).until(() -> sharedOut() && !a.ownedClusters().isEmpty() && !b.ownedClusters().isEmpty());
    assertThat(a.clusterNames()).hasSize(clusters.size());
    assertThat(b.clusterNames()).hasSize(clusters.size());
    await().atMost(WAIT).until(() -> reconciledBy.keySet().equals(names(clusters)));
    a.ownedClusters().forEach(cluster -> assertThat(reconciledBy.get(cluster)).doesNotContain("b"));
    assertThat(a.status()).filteredOn(ClusterStatus::owned).extracting(ClusterStatus::cluster)
        .containsExactlyElementsOf(a.ownedClusters());
    assertThat(registries.get("a").get("informer4j_fleet_clusters_owned").gauge().value())
        .isEqualTo(a.ownedClusters().size());
  }

  @Test
  void aReplicaCutOffFromItsLeasesStopsOwningAndTheOtherTakesOver() {
    FleetManager a = start("a", false);
    FleetManager b = start("b", false);
    await().atMost(WAIT).until(() -> sharedOut() && !a.ownedClusters().isEmpty() && !b.ownedClusters().isEmpty());
    List<String> lost = a.ownedClusters();

    leases.get("a").cutOff();
    await().atMost(WAIT).until(() -> a.clusterNames().isEmpty() && b.ownedClusters().size() == clusters.size());
    assertThat(b.ownedClusters()).containsAll(lost);
  }

  @Test
  void aCoordinatorThatCannotStartFailsTheFleetsStart() {
    InMemoryShardLeases own = new InMemoryShardLeases("x", table, Clock.system(), TIMING.leaseDuration());
    ShardLeases unreachable = new ShardLeases() {
      @Override
      public void start(InformerRuntime runtime) {
        throw new CoordinationException("the hub cannot be reached", null);
      }

      @Override
      public String identity() {
        return own.identity();
      }

      @Override
      public ShardView refresh(int shards) {
        return own.refresh(shards);
      }

      @Override
      public OptionalLong acquireOrRenew(int shard) {
        return own.acquireOrRenew(shard);
      }

      @Override
      public void release(int shard) {
        own.release(shard);
      }

      @Override
      public void close() {
        own.close();
      }
    };
    ShardCoordinator coordinator = ShardCoordinator.builder(unreachable, SHARDS).timing(TIMING).build();
    try (FleetManager fleet = FleetManager.builder(new FixedClusterProvider(clusters)).sharded(coordinator).build()) {
      assertThatThrownBy(fleet::start).isInstanceOf(FleetStartException.class)
          .hasMessageContaining("shard coordinator failed to start").hasMessageContaining("the hub cannot be reached");
      assertThat(fleet.isReady()).as("the fleet stopped (running with no cluster, it would be ready)").isFalse();
    }
  }

  @Test
  void warmStandbyNeedsShardingAndShardingIsSetOnce() {
    ShardCoordinator coordinator = ShardCoordinator.builder(new InMemoryShardLeases("x", table, Clock.system(),
        TIMING.leaseDuration()), SHARDS).timing(TIMING).build();
    FixedClusterProvider provider = new FixedClusterProvider(clusters);
    assertThatThrownBy(() -> FleetManager.builder(provider).warmStandby(true).build())
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("must be sharded");
    FleetManager.Builder sharded = FleetManager.builder(provider).sharded(coordinator);
    assertThatThrownBy(() -> sharded.sharded(coordinator)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("sharded already");
  }
}
