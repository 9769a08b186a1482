package io.informer4j.etcd.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.etcd.EtcdObject;
import io.informer4j.etcd.EtcdTypes;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.coordination.ReconcileLog;
import io.informer4j.testkit.coordination.ShardedReplica;
import io.informer4j.testkit.coordination.ShardingScenario;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Three replicas in one JVM, each with its own jetcd client and a Manager running a sharded
 * controller, sharing 12 shards of 60 widgets through session leases and shard keys on a real etcd
 * (see {@link ShardingScenario}); killing a replica closes its client, so its keep-alives stop.
 */
class ShardedReplicasOnEtcdTest {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();
  private static final int SHARDS = 12;
  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(500));
  private static final TypeKey WIDGETS = TypeKey.of("demo.informer4j.io", "v1", "Widget");

  private final KeyLayout layout = KeyLayout.namespaced(ETCD.newPrefix("sharded-widgets"));
  private final String coordination = ETCD.newPrefix("shard-group");
  private final AtomicInteger round = new AtomicInteger();
  private EtcdWriter writer;

  private ShardingScenario.Started start(String identity, ReconcileLog reconciles) {
    Client client = ETCD.server().newClient();
    ObjectType<EtcdObject<Widget>> widgets = Widget.type(WIDGETS);
    EtcdTypes types = EtcdTypes.builder(client).json(widgets, layout, Widget.class).build();
    EtcdShardLeases leases = new EtcdShardLeases(client, coordination, identity, TIMING, Clock.system());
    ShardedReplica replica = ShardedReplica.start(identity, Manager.builder(types), widgets, leases, TIMING, SHARDS,
        reconciles, Duration.ofMillis(5), 2);
    return new ShardingScenario.Started(replica, () -> {
      client.close();
      replica.close();
    });
  }

  private String change(String key) {
    ObjectKey objectKey = ObjectKey.parse(key);
    return String.valueOf(writer.put(objectKey.namespace(), objectKey.name(),
        new Widget(Map.of(), "round-" + round.incrementAndGet())));
  }

  @Test
  void eachChangeIsReconciledOnceByOneReplicaAndAKilledReplicasShardsMoveThenRebalanceOnRestart() {
    writer = new EtcdWriter(ETCD.client(), layout);
    Set<String> keys = new TreeSet<>();
    for (int i = 0; i < 60; i++) {
      writer.put("ns", "w-" + i, Widget.labelled(Map.of()));
      keys.add("ns/w-" + i);
    }
    try (ShardingScenario scenario = new ShardingScenario(SHARDS, WIDGETS, keys, TIMING, this::start,
        this::change)) {
      assertThat(scenario.run()).isPositive();
    }
  }
}
