package io.informer4j.etcd.manager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.etcd.jetcd.Client;
import io.informer4j.controller.Result;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.ShardCoordinator;
import io.informer4j.etcd.EtcdObject;
import io.informer4j.etcd.EtcdTypes;
import io.informer4j.etcd.KeyLayout;
import io.informer4j.etcd.coordination.EtcdLeaderElection;
import io.informer4j.etcd.coordination.EtcdShardLeases;
import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.ThreadLeaks;
import io.informer4j.testsupport.await.AwaitilityDefaults;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Thirty start-stop cycles of a Manager (by default, {@link ThreadLeaks#cycles(int)}) over a real etcd
 * leave no thread. Each cycle opens a jetcd client of its own (closed after the manager), runs a widget controller whose watches keep their
 * timeouts and initial states on the manager's runtime, and either an etcd leader election or a
 * sharded controller on etcd leases, whose session keep-alives and campaigns run there too.
 */
@ExtendWith(AwaitilityDefaults.class)
class ManagerThreadLeakOnEtcdTest {

  private static final int CYCLES = ThreadLeaks.cycles(30);
  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();
  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(500));
  private static final ObjectType<EtcdObject<Widget>> WIDGETS =
      Widget.type(TypeKey.of("demo.informer4j.io", "v1", "Widget"));

  @Test
  void thirtyCyclesWithLeaderElectionOrShardingLeaveNoThread() throws InterruptedException {
    KeyLayout layout = KeyLayout.namespaced(ETCD.newPrefix("leak-widgets"));
    String elections = ETCD.newPrefix("leak-election");
    String shardGroup = ETCD.newPrefix("leak-shards");
    new EtcdWriter(ETCD.client(), layout).put("ns", "w-1", Widget.labelled(Map.of()));
    ThreadLeaks leaks = ThreadLeaks.since(thread -> false);
    for (int cycle = 0; cycle < CYCLES; cycle++) {
      String identity = "replica-" + cycle;
      try (Client client = ETCD.server().newClient()) {
        EtcdTypes types = EtcdTypes.builder(client).json(WIDGETS, layout, Widget.class).build();
        Manager.Builder builder = Manager.builder(types).name("cycle");
        BooleanSupplier engaged;
        Manager manager;
        if (cycle % 2 == 0) {
          EtcdLeaderElection<ObjectKey> election = new EtcdLeaderElection<>(client, elections, identity, TIMING,
              Clock.system());
          manager = builder.leaderElection(election).build();
          manager.controller("widgets", WIDGETS).reconcile(key -> Result.done());
          engaged = () -> election.leadership().isLeading();
        } else {
          ShardCoordinator shards = ShardCoordinator.builder(
              new EtcdShardLeases(client, shardGroup, identity, TIMING, Clock.system()), 4).timing(TIMING).build();
          manager = builder.build();
          manager.controller("widgets", WIDGETS).sharded(shards).reconcile(key -> Result.done());
          engaged = () -> shards.ownership().held().size() == 4;
        }
        manager.start();
        await().atMost(Duration.ofSeconds(30)).until(() -> manager.isReady() && engaged.getAsBoolean());
        assertThat(manager.stop(Duration.ofSeconds(10))).as("cycle %d stopped in time", cycle).isTrue();
      }
    }
    leaks.assertNoneLeft(Duration.ofSeconds(60));
  }
}
