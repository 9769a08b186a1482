package io.informer4j.manager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Result;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.ShardCoordinator;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.ThreadLeaks;
import io.informer4j.testkit.coordination.InMemoryShardLeases;
import io.informer4j.testsupport.await.AwaitilityDefaults;
import io.informer4j.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A hundred start-stop cycles of a Manager (by default, {@link ThreadLeaks#cycles(int)}) over the
 * {@link SimulatedApi} — two controllers, one of them sharded by a coordinator over in-memory leases — leave no thread: every informer, lane,
 * timer, worker and coordination round ran on the manager's runtime, which it stopped.
 */
@ExtendWith(AwaitilityDefaults.class)
class ManagerThreadLeakOnSimulatedApiTest {

  private static final TypeKey WIDGETS = TypeKey.of("example.io", "v1", "Widget");
  private static final TypeKey GADGETS = TypeKey.of("example.io", "v1", "Gadget");
  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(500));

  @Test
  void aHundredCyclesLeaveNoThread() throws InterruptedException {
    try (SimulatedApi api = SimulatedApi.builder().type(WIDGETS, Scope.NAMESPACED).type(GADGETS, Scope.NAMESPACED)
        .build()) {
      api.create(WIDGETS, SimObject.of("shop", "w-1"));
      api.create(GADGETS, SimObject.of("shop", "g-1"));
      InMemoryShardLeases.Table table = new InMemoryShardLeases.Table();
      ThreadLeaks leaks = ThreadLeaks.since(thread -> thread.getName().startsWith("informer4j-simulated-api"));
      for (int cycle = 0; cycle < ThreadLeaks.cycles(100); cycle++) {
        ShardCoordinator shards = ShardCoordinator.builder(
            new InMemoryShardLeases("replica-" + cycle, table, Clock.system(), TIMING.leaseDuration()), 4)
            .timing(TIMING).build();
        Manager manager = Manager.builder(api).name("cycle").build();
        manager.controller("widgets", api.type(WIDGETS)).workers(2).reconcile(key -> Result.done());
        manager.controller("gadgets", api.type(GADGETS)).sharded(shards).reconcile(key -> Result.done());
        manager.start();
        await().atMost(Duration.ofSeconds(30)).until(() -> manager.isReady() && shards.ownership().held().size() == 4);
        assertThat(manager.stop(Duration.ofSeconds(10))).as("cycle %d stopped in time", cycle).isTrue();
      }
      leaks.assertNoneLeft(Duration.ofSeconds(30));
    }
  }
}
