package io.informer4j.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Result;
import io.informer4j.informer.ForwardingBackend;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.ListOptions;
import io.informer4j.testkit.ManualClusterProvider;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.ThreadLeaks;
import io.informer4j.testsupport.await.AwaitilityDefaults;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A {@link FleetManager} over simulated clusters: controllers declared once run in each engaged
 * cluster (or the chosen ones) with requests naming their cluster; clusters engage and disengage
 * at runtime; a cluster whose reconciles hang does not hold the others; status, readiness and
 * metrics are per cluster; a hundred engage/disengage cycles (by default, {@link ThreadLeaks#cycles(int)}) leave no thread.
 */
@ExtendWith(AwaitilityDefaults.class)
class FleetManagerTest {

  private static final TypeKey WIDGETS = TypeKey.of("example.io", "v1", "Widget");
  private static final Duration WAIT = Duration.ofSeconds(30);

  private final List<SimulatedApi> apis = new ArrayList<>();
  private final Map<String, Set<ObjectKey>> reconciled = new ConcurrentHashMap<>();

  @AfterEach
  void closeApis() {
    apis.forEach(SimulatedApi::close);
  }

  private SimulatedApi api(String... widgets) {
    SimulatedApi api = SimulatedApi.builder().type(WIDGETS, Scope.NAMESPACED).build();
    for (String widget : widgets) {
      api.create(WIDGETS, SimObject.of("shop", widget));
    }
    apis.add(api);
    return api;
  }

  /** A cluster whose backend the fleet may close without closing the shared simulated API. */
  private static ClusterDefinition cluster(String name, SimulatedApi api) {
    return new ClusterDefinition(name, () -> new ForwardingBackend(api));
  }

  private void recordReconciles(FleetManager fleet, SimulatedApi anyApi) {
    fleet.controller("widgets", backend -> anyApi.type(WIDGETS)).reconcile((request, cluster) -> {
      assertThat(request.cluster()).isEqualTo(cluster.name());
      reconciled.computeIfAbsent(request.cluster(), c -> ConcurrentHashMap.newKeySet()).add(request.key());
      return Result.done();
    });
  }

  private Set<ObjectKey> reconciledIn(String cluster) {
    return reconciled.getOrDefault(cluster, Set.of());
  }

  @Test
  void aControllerDeclaredOnceRunsInEveryClusterWithRequestsNamingIt() {
    SimulatedApi east = api("e-1", "e-2");
    SimulatedApi west = api("w-1");
    try (FleetManager fleet = FleetManager.builder(new FixedClusterProvider(
        List.of(cluster("east", east), cluster("west", west)))).build()) {
      recordReconciles(fleet, east);
      fleet.start();
      await().atMost(WAIT).until(() -> reconciledIn("east").size() == 2 && reconciledIn("west").size() == 1);
      assertThat(reconciledIn("west")).containsExactly(ObjectKey.of("shop", "w-1"));
      await().atMost(WAIT).until(fleet::isReady);
      assertThat(fleet.cluster("east").orElseThrow().cache().reader(east.type(WIDGETS)).list(ListOptions.all()).items()).hasSize(2);
    }
  }

  @Test
  void clustersEngageAndDisengageAtRuntime() {
    SimulatedApi first = api("a");
    SimulatedApi second = api("b");
    ManualClusterProvider provider = new ManualClusterProvider();
    try (FleetManager fleet = FleetManager.builder(provider).build()) {
      recordReconciles(fleet, first);
      fleet.start();
      assertThat(fleet.clusterNames()).isEmpty();
      provider.listener().appeared(cluster("one", first));
      await().atMost(WAIT).until(() -> reconciledIn("one").size() == 1);
      provider.listener().appeared(cluster("two", second));
      await().atMost(WAIT).until(() -> reconciledIn("two").size() == 1);
      assertThat(fleet.clusterNames()).containsExactly("one", "two");

      provider.listener().disappeared("one");
      assertThat(fleet.clusterNames()).containsExactly("two");
      assertThat(fleet.cluster("one")).isEmpty();
      second.create(WIDGETS, SimObject.of("shop", "b-2"));
      await().atMost(WAIT).until(() -> reconciledIn("two").size() == 2);

      reconciled.clear();
      provider.listener().changed(cluster("two", first));
      await().atMost(WAIT).until(() -> reconciledIn("two").equals(Set.of(ObjectKey.of("shop", "a"))));
      provider.listener().disappeared("unknown");
    }
  }

  @Test
  void aPredicateChoosesTheClustersAControllerRunsIn() {
    SimulatedApi api = api("x");
    try (FleetManager fleet = FleetManager.builder(new FixedClusterProvider(
        List.of(cluster("prod-1", api), cluster("dev-1", api)))).build()) {
      fleet.controller("widgets", backend -> api.type(WIDGETS)).clusters(name -> name.startsWith("prod"))
          .options((builder, cluster) -> builder.workers(2)).reconcile((request, cluster) -> {
            reconciled.computeIfAbsent(request.cluster(), c -> ConcurrentHashMap.newKeySet()).add(request.key());
            return Result.done();
          });
      fleet.start();
      await().atMost(WAIT).until(() -> reconciledIn("prod-1").size() == 1);
      assertThat(fleet.status()).filteredOn(s -> s.cluster().equals("dev-1")).singleElement()
          .satisfies(s -> assertThat(s.controllers()).isEmpty());
      assertThat(fleet.status()).filteredOn(s -> s.cluster().equals("prod-1")).singleElement()
          .satisfies(s -> assertThat(s.controllers()).singleElement().satisfies(c -> assertThat(c.workers()).isEqualTo(2)));
      assertThat(reconciledIn("dev-1")).isEmpty();
    }
  }

  @Test
  void aClusterWhoseReconcilesHangDoesNotHoldTheOthers() {
    SimulatedApi stuck = api("s-1");
    List<SimulatedApi> healthy = IntStream.range(0, 4).mapToObj(i -> api("h-" + i)).toList();
    List<ClusterDefinition> clusters = new ArrayList<>();
    clusters.add(cluster("stuck", stuck));
    for (int i = 0; i < healthy.size(); i++) {
      clusters.add(cluster("healthy-" + i, healthy.get(i)));
    }
    CountDownLatch release = new CountDownLatch(1);
    try (FleetManager fleet = FleetManager.builder(new FixedClusterProvider(clusters))
        .stopTimeout(Duration.ofSeconds(5)).build()) {
      fleet.controller("widgets", backend -> stuck.type(WIDGETS)).reconcile((request, cluster) -> {
        if (request.cluster().equals("stuck")) {
          release.await();
        }
        reconciled.computeIfAbsent(request.cluster(), c -> ConcurrentHashMap.newKeySet()).add(request.key());
        return Result.done();
      });
      fleet.start();
      for (int round = 0; round < 3; round++) {
        for (int i = 0; i < healthy.size(); i++) {
          healthy.get(i).create(WIDGETS, SimObject.of("shop", "round-" + round));
          int expected = round + 2;
          String name = "healthy-" + i;
          await().atMost(WAIT).until(() -> reconciledIn(name).size() == expected);
        }
      }
      assertThat(reconciledIn("stuck")).isEmpty();
      release.countDown();
      await().atMost(WAIT).until(() -> reconciledIn("stuck").size() == 1);
    }
  }

  @Test
  void statusReadinessAndMetricsArePerCluster() {
    SimulatedApi api = api("x");
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    ManualClusterProvider provider = new ManualClusterProvider();
    try (FleetManager fleet = FleetManager.builder(provider).meterRegistry(registry)
        .readinessPolicy(ReadinessPolicy.QUORUM).build()) {
      recordReconciles(fleet, api);
      fleet.start();
      provider.listener().appeared(cluster("good-1", api));
      provider.listener().appeared(cluster("good-2", api));
      provider.listener().appeared(new ClusterDefinition("broken", () -> {
        throw new IllegalArgumentException("no server in the kubeconfig");
      }));
      await().atMost(WAIT).until(fleet::isReady);
      FleetReadiness readiness = fleet.readiness();
      assertThat(readiness.readyClusters()).containsExactly("good-1", "good-2");
      assertThat(readiness.notReadyClusters()).containsExactly("broken");
      assertThat(fleet.status()).extracting(ClusterStatus::cluster).containsExactly("broken", "good-1", "good-2");
      assertThat(fleet.status().get(0).failure()).contains("no server in the kubeconfig");
      assertThat(fleet.status().get(1).informers()).isEqualTo(1);
      assertThat(registry.get("informer4j_fleet_connect_failures_total").counter().count()).isEqualTo(1.0);

      for (String name : List.of("good-1", "good-2")) {
        assertThat(registry.find("controller_runtime_reconcile_total").tag("cluster", name).meters())
            .as("reconcile meters of %s", name).isNotEmpty();
      }
      assertThat(ReadinessPolicy.ALL.isMet(2, 3)).isFalse();
      assertThat(ReadinessPolicy.ANY.isMet(1, 3)).isTrue();

      provider.listener().disappeared("good-2");
      assertThat(registry.getMeters()).noneMatch(m -> "good-2".equals(m.getId().getTag("cluster")));
      assertThat(fleet.meterRegistry().getMeters()).noneMatch(m -> "good-2".equals(m.getId().getTag("cluster")));
      assertThat(fleet.readiness().ready()).as("1 ready of 2 is no quorum").isFalse();
    }
  }

  @Test
  void badDeclarationsAreRejected() {
    SimulatedApi api = api();
    try (FleetManager fleet = FleetManager.builder(new FixedClusterProvider(List.of())).build()) {
      recordReconciles(fleet, api);
      assertThatThrownBy(() -> recordReconciles(fleet, api)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("widgets");
      assertThatThrownBy(() -> fleet.controller(" ", backend -> api.type(WIDGETS))).isInstanceOf(IllegalArgumentException.class);
      fleet.start();
      assertThatThrownBy(fleet::start).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> fleet.controller("late", backend -> api.type(WIDGETS)).reconcile((r, c) -> Result.done()))
          .isInstanceOf(IllegalStateException.class);
    }
    assertThatThrownBy(() -> new FixedClusterProvider(List.of(cluster("a", api), cluster("a", api))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'a'");
    assertThatThrownBy(() -> new ClusterDefinition(" ", () -> api)).isInstanceOf(IllegalArgumentException.class);
    ClusterProvider failing = new ClusterProvider() {
      @Override
      public void start(ClusterListener listener, InformerRuntime runtime) {
        throw new IllegalStateException("hub unreachable");
      }

      @Override
      public void close() {
      }
    };
    try (FleetManager fleet = FleetManager.builder(failing).build()) {
      assertThatThrownBy(fleet::start).isInstanceOf(FleetStartException.class).hasMessageContaining("hub unreachable");
    }
  }

  @Test
  void aHundredEngageDisengageCyclesLeaveNoThread() {
    SimulatedApi api = api("x", "y");
    ThreadLeaks leaks = ThreadLeaks.since(thread -> thread.getName().startsWith("informer4j-simulated-api"));
    ManualClusterProvider provider = new ManualClusterProvider();
    try (FleetManager fleet = FleetManager.builder(provider).build()) {
      recordReconciles(fleet, api);
      fleet.start();
      for (int cycle = 0; cycle < ThreadLeaks.cycles(100); cycle++) {
        String name = "cycle-" + cycle;
        provider.listener().appeared(cluster(name, api));
        await().atMost(WAIT).until(() -> reconciledIn(name).size() == 2);
        provider.listener().disappeared(name);
      }
      assertThat(fleet.clusterNames()).isEmpty();
    }
    leaks.assertNoneLeft(WAIT);
  }

}
