package io.informer4j.benchmarks.sharding;

import io.etcd.jetcd.Client;
import io.informer4j.etcd.EtcdObject;
import io.informer4j.etcd.EtcdTypes;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.etcd.coordination.EtcdShardLeases;
import io.informer4j.etcd.testing.EtcdServer;
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
import java.util.LinkedHashMap;
import java.util.Map;

/** Widgets and session leases on a real etcd started for the run; one jetcd client per replica. */
final class EtcdShardingBackend implements ShardingBackend {

  private static final TypeKey WIDGETS = TypeKey.of("demo.informer4j.io", "v1", "Widget");
  private static final ObjectType<EtcdObject<Widget>> WIDGET_OBJECTS = Widget.type(WIDGETS);

  private final ShardingRun settings;
  private final EtcdServer server = EtcdServer.start();
  private final Client writerClient = server.newClient();
  private final KeyLayout layout = KeyLayout.namespaced("/bench/widgets");
  private final EtcdWriter writer = new EtcdWriter(writerClient, layout);

  EtcdShardingBackend(ShardingRun settings) {
    this.settings = settings;
  }

  @Override
  public TypeKey type() {
    return WIDGETS;
  }

  @Override
  public void create(int count) {
    touchAll(count, 0);
  }

  @Override
  public void touchAll(int count, int round) {
    Map<ObjectKey, Widget> widgets = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      widgets.put(ObjectKey.of("ns", "obj-" + i), new Widget(Map.of(), "round-" + round));
    }
    writer.putAll(widgets);
  }

  @Override
  public ShardingScenario.Started start(String group, String identity, ReconcileLog log) {
    Client client = server.newClient();
    EtcdTypes types = EtcdTypes.builder(client).json(WIDGET_OBJECTS, layout, Widget.class).build();
    EtcdShardLeases leases = new EtcdShardLeases(client, "/bench/" + group, identity, settings.timing(), Clock.system());
    ShardedReplica replica = ShardedReplica.start(identity, Manager.builder(types), WIDGET_OBJECTS, leases,
        settings.timing(), settings.shards(), log, settings.reconcileTime(), settings.workers());
    return new ShardingScenario.Started(replica, () -> {
      client.close();
      replica.close();
    });
  }

  @Override
  public void close() {
    writerClient.close();
    server.close();
  }
}
