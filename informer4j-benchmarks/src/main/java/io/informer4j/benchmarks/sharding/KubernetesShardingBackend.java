package io.informer4j.benchmarks.sharding;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.coordination.KubernetesShardLeases;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.manager.Manager;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.coordination.ReconcileLog;
import io.informer4j.testkit.coordination.ShardedReplica;
import io.informer4j.testkit.coordination.ShardingScenario;
import io.informer4j.time.Clock;

/** ConfigMaps and Leases on the Kubernetes test server (loopback HTTP); one fabric8 client per replica. */
final class KubernetesShardingBackend implements ShardingBackend {

  private static final TypeKey CONFIG_MAPS = ResourceDescriptor.of(ConfigMap.class).type();

  private final ShardingRun settings;
  private final SimulatedApi api = SimulatedApi.builder().historyLimit(100_000).build();
  private final KubernetesTestServer server = KubernetesTestServer.start(api)
      .serve(ConfigMap.class).serve(Lease.class);

  KubernetesShardingBackend(ShardingRun settings) {
    this.settings = settings;
  }

  @Override
  public TypeKey type() {
    return CONFIG_MAPS;
  }

  @Override
  public void create(int count) {
    for (int i = 0; i < count; i++) {
      api.create(CONFIG_MAPS, SimObject.of("ns", "obj-" + i).withContentAt("data.round", "0"));
    }
  }

  @Override
  public void touchAll(int count, int round) {
    for (int i = 0; i < count; i++) {
      api.upsert(CONFIG_MAPS, SimObject.of("ns", "obj-" + i).withContentAt("data.round", String.valueOf(round)));
    }
  }

  @Override
  public ShardingScenario.Started start(String group, String identity, ReconcileLog log) {
    KubernetesClient client = server.newClient();
    KubernetesBackend backend = KubernetesBackend.builder(client).build();
    KubernetesShardLeases leases = new KubernetesShardLeases(client, "default", group, identity, settings.timing(),
        Clock.system());
    ShardedReplica replica = ShardedReplica.start(identity, Manager.builder(backend), backend.type(ConfigMap.class),
        leases, settings.timing(), settings.shards(), log, settings.reconcileTime(), settings.workers());
    return new ShardingScenario.Started(replica, () -> {
      client.close();
      replica.close();
      backend.close();
    });
  }

  @Override
  public void close() {
    server.close();
    api.close();
  }
}
