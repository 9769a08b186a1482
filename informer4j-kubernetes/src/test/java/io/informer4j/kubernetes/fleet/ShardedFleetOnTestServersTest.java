package io.informer4j.kubernetes.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.controller.Result;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.ShardCoordinator;
import io.informer4j.fleet.FleetManager;
import io.informer4j.informer.BackoffPolicy;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.coordination.KubernetesShardLeases;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.kubernetes.testserver.TestServerClusters;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.RecordedRequest;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Three replicas of a fleet share ten in-process test servers over twelve shards of Leases in a hub
 * test server: no cluster is ever owned by two replicas at once (checked every few milliseconds), a
 * replica reconciles only the clusters it owns and never while another reconciles the same cluster,
 * every cluster is reconciled, and when one replica crashes (its hub connection
 * cut, so it cannot release its Leases) the others take its clusters over once its Leases expired
 * and reconcile them — with warm standby from their warm caches, without listing the clusters again.
 */
class ShardedFleetOnTestServersTest {

  private static final Logger log = LoggerFactory.getLogger(ShardedFleetOnTestServersTest.class);
  /** cluster-0 … cluster-9 hash to ten different shards of twelve: each replica's four hold two clusters or more. */
  private static final int SHARDS = 12;
  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(500));
  /** A crashed replica's Leases expire after the lease duration; the rest is a generous margin. */
  private static final Duration TAKEOVER_BOUND = TIMING.leaseDuration().multipliedBy(5);
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final TypeKey CONFIG_MAPS = ResourceDescriptor.of(ConfigMap.class).type();
  private static final BackoffPolicy FAST = new BackoffPolicy(Duration.ofMillis(5), Duration.ofMillis(100), 2.0, 0.5,
      Duration.ofSeconds(5));
  private static final List<String> KEYS = List.of("a", "b", "c");

  private final SimulatedApi hubApi = SimulatedApi.builder().build();
  private final Map<String, Replica> replicas = new ConcurrentHashMap<>();
  private final ExclusiveOwnership ownership = new ExclusiveOwnership();
  private final Map<String, Reconciled> reconciled = new ConcurrentHashMap<>();
  private final ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor();
  private KubernetesTestServer hub;
  private TestServerClusters clusters;

  /** The last reconcile of one ConfigMap: by which replica, when. */
  private record Reconciled(String replica, long at) {
  }

  /** A replica: its fleet, its coordinator and its own connection to the hub. */
  private record Replica(FleetManager fleet, ShardCoordinator coordinator, KubernetesClient hubClient) {
    /** Crashes: the hub connection goes first, so nothing can be released, then everything stops. */
    void kill() {
      hubClient.close();
      fleet.close();
    }
  }

  @BeforeEach
  void startServers() {
    hub = KubernetesTestServer.start(hubApi).serve(Lease.class);
    clusters = TestServerClusters.start(10, server -> server.serve(ConfigMap.class), KubernetesBackend::connect);
    for (String cluster : clusters.names()) {
      KEYS.forEach(name -> clusters.server(cluster).api().create(CONFIG_MAPS, SimObject.of("default", name)));
    }
  }

  @AfterEach
  void stopAll() throws InterruptedException {
    poller.shutdownNow();
    assertThat(poller.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    replicas.values().forEach(Replica::kill);
    clusters.close();
    hub.close();
    hubApi.close();
  }

  private Replica start(String identity, boolean warmStandby) {
    KubernetesClient hubClient = hub.newClient();
    ShardCoordinator coordinator = ShardCoordinator.builder(new KubernetesShardLeases(hubClient, "default", "fleet",
        identity, TIMING, Clock.system()), SHARDS).timing(TIMING).build();
    FleetManager fleet = FleetManager.builder(clusters.provider()).name(identity).sharded(coordinator)
        .warmStandby(warmStandby).stopTimeout(Duration.ofSeconds(5))
        .managerOptions(manager -> manager.informerOptions(informer -> informer.backoff(FAST))).build();
    fleet.controller("config-maps", ConfigMap.class).reconcile((request, cluster) -> {
      if (!fleet.ownedClusters().contains(request.cluster())) {
        ownership.violation(identity + " reconciled " + request.cluster() + " without owning it");
      }
      ownership.enter(request.cluster(), identity);
      try {
        reconciled.put(request.cluster() + "/" + request.key().name(), new Reconciled(identity, System.nanoTime()));
        return Result.done();
      } finally {
        ownership.exit(request.cluster());
      }
    });
    fleet.start();
    Replica replica = new Replica(fleet, coordinator, hubClient);
    replicas.put(identity, replica);
    return replica;
  }

  /** Fails the test if two replicas ever own one cluster at the same time, as their fleets report it. */
  private void checkOwnersContinuously() {
    poller.scheduleWithFixedDelay(() -> {
      Map<String, List<String>> owners = new LinkedHashMap<>();
      replicas.forEach((identity, replica) -> replica.fleet().ownedClusters()
          .forEach(cluster -> owners.computeIfAbsent(cluster, c -> new ArrayList<>()).add(identity)));
      owners.forEach((cluster, by) -> {
        if (by.size() > 1) {
          ownership.violation(cluster + " owned by " + by + " at once");
        }
      });
    }, 0, 5, TimeUnit.MILLISECONDS);
  }

  private Map<String, String> ownerOfEachCluster() {
    Map<String, String> owners = new ConcurrentHashMap<>();
    replicas.forEach((identity, replica) -> replica.fleet().ownedClusters().forEach(c -> owners.put(c, identity)));
    return owners;
  }

  /** Returns the holder of every shard Lease of the group in the hub, by Lease name ("" when released). */
  private Map<String, String> shardHolders() {
    try (KubernetesClient client = hub.newClient()) {
      Map<String, String> holders = new java.util.TreeMap<>();
      client.resources(Lease.class).inNamespace("default").list().getItems().stream()
          .filter(lease -> lease.getMetadata().getName().startsWith("fleet-shard-"))
          .forEach(lease -> holders.put(lease.getMetadata().getName(),
              java.util.Objects.requireNonNullElse(lease.getSpec().getHolderIdentity(), "")));
      return holders;
    }
  }

  private boolean allReconciledSince(Set<String> clusterNames, long since, Set<String> by) {
    return clusterNames.stream().allMatch(cluster -> KEYS.stream().map(k -> reconciled.get(cluster + "/" + k))
        .allMatch(r -> r != null && r.at() - since > 0 && by.contains(r.replica())));
  }

  /** Counts the requests that list ConfigMaps (a list, or a watch that sends its initial events) on {@code names}. */
  private long configMapLists(Set<String> names) {
    return names.stream().flatMap(name -> clusters.server(name).api().requests().stream())
        .filter(request -> request.type().equals(CONFIG_MAPS))
        .filter(request -> request.verb() == RecordedRequest.Verb.LIST || request.sendInitialEvents()).count();
  }

  @ParameterizedTest(name = "warm standby {0}")
  @ValueSource(booleans = {true, false})
  void threeReplicasShareTenClustersAndTakeOverACrashedReplicasClusters(boolean warmStandby) {
    checkOwnersContinuously();
    long started = System.nanoTime();
    List.of("replica-a", "replica-b", "replica-c").forEach(identity -> start(identity, warmStandby));
    Set<String> all = new TreeSet<>(clusters.names());
    Set<String> everyone = replicas.keySet();
    int quota = SHARDS / replicas.size();
    await().atMost(WAIT).until(() -> ownerOfEachCluster().keySet().equals(all)
        && replicas.values().stream().allMatch(r -> r.coordinator().ownership().held().size() == quota
            && !r.fleet().ownedClusters().isEmpty())
        && allReconciledSince(all, started, everyone));
    log.info("owners: {}", new java.util.TreeMap<>(ownerOfEachCluster()));

    Map<String, String> owners = ownerOfEachCluster();
    String victim = replicas.keySet().stream().max(Comparator.comparingLong(identity -> owners.values().stream()
        .filter(identity::equals).count())).orElseThrow();
    Set<String> victimClusters = new TreeSet<>(replicas.get(victim).fleet().ownedClusters());
    long killedAt = System.nanoTime();
    replicas.remove(victim).kill();
    long listsAfterKill = configMapLists(victimClusters);
    assertThat(shardHolders()).as("every shard Lease is held: the crashed replica released none").hasSize(SHARDS)
        .allSatisfy((lease, holder) -> assertThat(holder).isNotEmpty());
    Set<String> survivors = Set.copyOf(replicas.keySet());

    await().atMost(TAKEOVER_BOUND).until(() -> ownerOfEachCluster().keySet().equals(all)
        && allReconciledSince(victimClusters, killedAt, survivors));
    Duration takeover = Duration.ofNanos(System.nanoTime() - killedAt);
    log.info("warm standby {}: the {} clusters of crashed {} were owned and reconciled again by {} {} ms after the "
        + "crash (lease duration {} ms)", warmStandby, victimClusters.size(), victim, survivors, takeover.toMillis(),
        TIMING.leaseDuration().toMillis());
    await().atMost(WAIT).untilAsserted(() -> assertThat(shardHolders()).hasSize(SHARDS).doesNotContainValue(victim));
    if (warmStandby) {
      assertThat(configMapLists(victimClusters)).as("lists of the taken-over clusters").isEqualTo(listsAfterKill);
    } else {
      assertThat(configMapLists(victimClusters)).as("lists of the taken-over clusters").isGreaterThan(listsAfterKill);
    }
    assertThat(ownership.violations()).isEmpty();
  }

  /**
   * Records which replica reconciles in each cluster: a reconcile while another replica's reconcile of
   * the same cluster runs is a violation, as is any report of the owners poller.
   */
  private static final class ExclusiveOwnership {
    private final Map<String, String> runningBy = new LinkedHashMap<>();
    private final Map<String, Integer> running = new LinkedHashMap<>();
    private final List<String> violations = new ArrayList<>();

    synchronized void enter(String cluster, String replica) {
      String other = runningBy.get(cluster);
      if (other != null && !other.equals(replica)) {
        violations.add(cluster + " reconciled by " + replica + " while " + other + " reconciled it");
      }
      runningBy.put(cluster, replica);
      running.merge(cluster, 1, Integer::sum);
    }

    synchronized void exit(String cluster) {
      if (running.merge(cluster, -1, Integer::sum) == 0) {
        running.remove(cluster);
        runningBy.remove(cluster);
      }
    }

    synchronized void violation(String what) {
      if (violations.size() < 20) {
        violations.add(what);
      }
    }

    synchronized List<String> violations() {
      return List.copyOf(violations);
    }
  }
}
