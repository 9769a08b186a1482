package io.informer4j.kubernetes.manager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.informer4j.controller.Result;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.ShardCoordinator;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.coordination.KubernetesLeaderElection;
import io.informer4j.kubernetes.coordination.KubernetesShardLeases;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.ThreadLeaks;
import io.informer4j.testsupport.await.AwaitilityDefaults;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Thirty start-stop cycles of a Manager (by default, {@link ThreadLeaks#cycles(int)}) over the Kubernetes
 * test server leave no thread. Each cycle connects a backend of its own (its own fabric8 client and Vert.x, closed with it), runs a
 * ConfigMap controller and the CRD watch on the manager's runtime, and either a leader election or
 * a sharded controller on Leases — whose requests and timers run on the manager's runtime too.
 */
@ExtendWith(AwaitilityDefaults.class)
class ManagerThreadLeakOnKubernetesTest {

  private static final int CYCLES = ThreadLeaks.cycles(30);
  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(100));

  @Test
  void thirtyCyclesWithLeaderElectionOrShardingLeaveNoThread() throws InterruptedException {
    try (SimulatedApi api = SimulatedApi.builder().build();
         KubernetesTestServer server = KubernetesTestServer.start(api).serve(ConfigMap.class).serve(Lease.class)) {
      api.create(ResourceDescriptor.of(ConfigMap.class).type(), SimObject.of("default", "settings"));
      ThreadLeaks leaks = ThreadLeaks.since(thread -> thread.getName().startsWith("kubernetes-test-server")
          || thread.getName().startsWith("informer4j-simulated-api"));
      for (int cycle = 0; cycle < CYCLES; cycle++) {
        String identity = "replica-" + cycle;
        try (KubernetesBackend kube = KubernetesBackend.connect(server.clientConfig())) {
          Manager.Builder builder = Manager.builder(kube).name("cycle");
          BooleanSupplier engaged;
          Manager manager;
          if (cycle % 2 == 0) {
            KubernetesLeaderElection<ObjectKey> election = new KubernetesLeaderElection<>(kube.client(), "default",
                "leak-test", identity, TIMING, Clock.system());
            manager = builder.leaderElection(election).build();
            manager.controller("config-maps", kube.type(ConfigMap.class)).reconcile(key -> Result.done());
            engaged = () -> election.leadership().isLeading();
          } else {
            ShardCoordinator shards = ShardCoordinator.builder(new KubernetesShardLeases(kube.client(), "default",
                "leak-test", identity, TIMING, Clock.system()), 4).timing(TIMING).build();
            manager = builder.build();
            manager.controller("config-maps", kube.type(ConfigMap.class)).sharded(shards)
                .reconcile(key -> Result.done());
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
}
