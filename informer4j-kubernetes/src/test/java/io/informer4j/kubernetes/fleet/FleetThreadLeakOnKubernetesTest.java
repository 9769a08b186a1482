package io.informer4j.kubernetes.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.controller.Result;
import io.informer4j.fleet.ClusterDefinition;
import io.informer4j.fleet.FleetManager;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.testkit.ManualClusterProvider;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.ThreadLeaks;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Thirty engage/disengage cycles (by default, {@link ThreadLeaks#cycles(int)}) of a cluster on the
 * Kubernetes backend leave no thread: each cycle connects a backend of its own (a fabric8 client, closed when the cluster is disengaged),
 * syncs its ConfigMaps on the fleet's runtime and reconciles them before the cluster disappears.
 */
class FleetThreadLeakOnKubernetesTest {

  private static final Logger log = LoggerFactory.getLogger(FleetThreadLeakOnKubernetesTest.class);
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final int CYCLES = ThreadLeaks.cycles(30);


  @Test
  void thirtyEngageDisengageCyclesLeaveNoThread() {
    try (SimulatedApi api = SimulatedApi.builder().build();
         KubernetesTestServer server = KubernetesTestServer.start(api).serve(ConfigMap.class)) {
      api.create(ResourceDescriptor.of(ConfigMap.class).type(), SimObject.of("default", "settings"));
      ThreadLeaks leaks = ThreadLeaks.since(thread -> thread.getName().startsWith("kubernetes-test-server")
          || thread.getName().startsWith("informer4j-simulated-api"));
      Set<String> reconciled = ConcurrentHashMap.newKeySet();
      ManualClusterProvider provider = new ManualClusterProvider();
      long started = System.nanoTime();
      try (FleetManager fleet = FleetManager.builder(provider).name("cycles").stopTimeout(Duration.ofSeconds(10))
          .build()) {
        fleet.controller("config-maps", ConfigMap.class).reconcile((request, cluster) -> {
          reconciled.add(request.cluster());
          return Result.done();
        });
        fleet.start();
        for (int cycle = 0; cycle < CYCLES; cycle++) {
          String name = "cycle-" + cycle;
          provider.listener().appeared(new ClusterDefinition(name, () -> KubernetesBackend.connect(server.clientConfig())));
          await().atMost(WAIT).pollInterval(Duration.ofMillis(5)).until(() -> reconciled.contains(name));
          provider.listener().disappeared(name);
          assertThat(fleet.clusterNames()).as("cycle %d disengaged", cycle).isEmpty();
        }
      }
      leaks.assertNoneLeft(WAIT);
      log.info("{} engage/disengage cycles on the Kubernetes backend took {} ms, no thread left", CYCLES,
          (System.nanoTime() - started) / 1_000_000);
    }
  }
}
