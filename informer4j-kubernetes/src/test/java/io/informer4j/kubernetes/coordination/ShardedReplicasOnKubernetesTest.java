package io.informer4j.kubernetes.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.informer.BackoffPolicy;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.coordination.ReconcileLog;
import io.informer4j.testkit.coordination.ShardedReplica;
import io.informer4j.testkit.coordination.ShardingScenario;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Three replicas in one JVM, each with its own fabric8 client and a Manager running a sharded
 * controller, sharing 12 shards of 60 ConfigMaps through Leases on the Kubernetes test server (see
 * {@link ShardingScenario}).
 */
class ShardedReplicasOnKubernetesTest {

  private static final int SHARDS = 12;
  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(500));
  private static final TypeKey CONFIG_MAPS = ResourceDescriptor.of(ConfigMap.class).type();
  private static final BackoffPolicy FAST = new BackoffPolicy(Duration.ofMillis(5), Duration.ofMillis(100), 2.0, 0.5,
      Duration.ofSeconds(5));

  private final SimulatedApi api = SimulatedApi.builder().build();
  private final AtomicInteger round = new AtomicInteger();
  private final KubernetesTestServer server = KubernetesTestServer.start(api)
      .serve(ConfigMap.class).serve(Lease.class);

  @AfterEach
  void tearDown() {
    server.close();
    api.close();
  }

  private ShardingScenario.Started start(String identity, ReconcileLog reconciles) {
    KubernetesClient client = server.newClient();
    KubernetesBackend backend = KubernetesBackend.builder(client).build();
    KubernetesShardLeases leases = new KubernetesShardLeases(client, "default", "configmap-workers", identity, TIMING,
        Clock.system());
    ShardedReplica replica = ShardedReplica.start(identity,
        Manager.builder(backend).informerOptions(informer -> informer.backoff(FAST)), backend.type(ConfigMap.class),
        leases, TIMING, SHARDS, reconciles, Duration.ofMillis(5), 2);
    return new ShardingScenario.Started(replica, () -> {
      client.close();
      replica.close();
      backend.close();
    });
  }

  private String change(String key) {
    ObjectKey objectKey = ObjectKey.parse(key);
    return api.upsert(CONFIG_MAPS, SimObject.of(objectKey.namespace(), objectKey.name())
        .withContentAt("data.round", String.valueOf(round.incrementAndGet()))).resourceVersion();
  }

  @Test
  void eachChangeIsReconciledOnceByOneReplicaAndAKilledReplicasShardsMoveThenRebalanceOnRestart() {
    Set<String> keys = new TreeSet<>();
    for (int i = 0; i < 60; i++) {
      api.create(CONFIG_MAPS, SimObject.of("default", "cm-" + i).withContentAt("data.n", String.valueOf(i)));
      keys.add("default/cm-" + i);
    }
    try (ShardingScenario scenario = new ShardingScenario(SHARDS, CONFIG_MAPS, keys, TIMING, this::start,
        this::change)) {
      assertThat(scenario.run()).isPositive();
    }
  }
}
