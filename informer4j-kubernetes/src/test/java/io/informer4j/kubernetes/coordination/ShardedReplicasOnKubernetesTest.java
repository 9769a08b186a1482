package io.informer4j.kubernetes.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.ShardHash;
import io.informer4j.factory.InformerOptions;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.informer.BackoffPolicy;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.coordination.ReconcileLog;
import io.informer4j.testkit.coordination.ShardedReplica;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Three replicas in one JVM, each with its own fabric8 client, factory and controller, sharing 12
 * shards of 60 ConfigMaps through Leases on the Kubernetes test server.
 */
class ShardedReplicasOnKubernetesTest {

  private static final Logger log = LoggerFactory.getLogger(ShardedReplicasOnKubernetesTest.class);
  private static final int SHARDS = 12;
  private static final int KEYS = 60;
  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(500));
  private static final Duration RESYNC = Duration.ofSeconds(2);
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final TypeKey CONFIG_MAPS = ResourceDescriptor.of(ConfigMap.class).type();
  private static final BackoffPolicy FAST = new BackoffPolicy(Duration.ofMillis(5), Duration.ofMillis(100), 2.0, 0.5,
      Duration.ofSeconds(5));

  private final SimulatedApi api = SimulatedApi.builder().build();
  private final KubernetesTestServer server = KubernetesTestServer.start(api)
      .serve(ResourceDescriptor.of(ConfigMap.class)).serve(ResourceDescriptor.of(Lease.class));
  private final ReconcileLog reconciles = new ReconcileLog();
  private final Map<String, Running> replicas = new LinkedHashMap<>();

  /** A replica with the client and backend it owns. */
  private record Running(ShardedReplica replica, KubernetesClient client, KubernetesBackend backend) {
    void kill() {
      client.close();
      replica.close();
      backend.close();
    }
  }

  @AfterEach
  void tearDown() {
    replicas.values().forEach(Running::kill);
    server.close();
    api.close();
  }

  private void start(String identity) {
    KubernetesClient client = server.newClient();
    KubernetesBackend backend = KubernetesBackend.builder(client).build();
    KubernetesShardLeases leases = new KubernetesShardLeases(client, "default", "configmap-workers", identity, TIMING,
        Clock.system());
    ShardedReplica replica = ShardedReplica.start(identity, leases, TIMING, SHARDS, (queues, filter) -> {
      SharedInformerFactory factory = SharedInformerFactory.builder(backend.clientProvider(), backend.typeRegistry(),
          queues).enqueueFilter(filter).defaultResync(RESYNC).backoff(FAST).build();
      factory.informerFor(ConfigMap.class, InformerOptions.defaults());
      return factory;
    }, reconciles, Duration.ofMillis(5), 2);
    replicas.put(identity, new Running(replica, client, backend));
  }

  private List<ShardedReplica> live() {
    return replicas.values().stream().map(Running::replica).toList();
  }

  private void awaitBalanced(int replicaCount) {
    await().atMost(WAIT).untilAsserted(() -> {
      Set<Integer> all = new TreeSet<>();
      for (ShardedReplica replica : live()) {
        assertThat(replica.held()).as(replica.identity()).hasSize(SHARDS / replicaCount);
        all.addAll(replica.held());
      }
      assertThat(all).hasSize(SHARDS);
    });
  }

  private static Set<String> allKeys() {
    Set<String> keys = new TreeSet<>();
    for (int i = 0; i < KEYS; i++) {
      keys.add("default/cm-" + i);
    }
    return keys;
  }

  @Test
  void eachKeyIsReconciledByOneReplicaAtATimeAndAKilledReplicasShardsMoveThenRebalanceOnRestart() {
    for (int i = 0; i < KEYS; i++) {
      api.create(CONFIG_MAPS, SimObject.of("default", "cm-" + i).withContentAt("data.n", String.valueOf(i)));
    }
    List.of("replica-a", "replica-b", "replica-c").forEach(this::start);
    awaitBalanced(3);
    await().atMost(WAIT).until(() -> reconciles.keysReconciledSince(Long.MIN_VALUE, "").containsAll(allKeys()));

    ShardedReplica victim = replicas.get("replica-c").replica();
    Set<Integer> victimShards = victim.held();
    Set<String> victimKeys = new TreeSet<>();
    for (String key : allKeys()) {
      if (victimShards.contains(ShardHash.shardOf(CONFIG_MAPS, ObjectKey.parse(key), SHARDS))) {
        victimKeys.add(key);
      }
    }
    long killedAt = System.nanoTime();
    replicas.remove("replica-c").kill();
    Duration bound = TIMING.leaseDuration().plus(RESYNC).plusSeconds(5);
    await().atMost(bound).until(() -> reconciles.keysReconciledSince(killedAt, "replica-c").containsAll(victimKeys));
    Duration takeover = Duration.ofNanos(System.nanoTime() - killedAt);
    log.info("the killed replica's {} keys were all reconciled again {} ms after the kill", victimKeys.size(),
        takeover.toMillis());
    awaitBalanced(2);

    start("replica-c");
    awaitBalanced(3);
    List<String> overlaps = new ArrayList<>(reconciles.overlaps(0));
    assertThat(overlaps).as("keys reconciled by two replicas at once").isEmpty();
    assertThat(reconciles.keysReconciledBy("replica-c")).isNotEmpty();
    assertThat(replicas.get("replica-a").replica().coordinator().status())
        .containsEntry("shards", SHARDS).containsKey("holders").containsKey("transitions");
  }
}
