package io.informer4j.kubernetes.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.informer4j.controller.Result;
import io.informer4j.fleet.FleetManager;
import io.informer4j.fleet.ReadinessPolicy;
import io.informer4j.health.FleetHealth;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.testserver.TestServerClusters;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.chaos.ConnectionFault;
import io.informer4j.testkit.chaos.FaultProxy;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fleet of ten in-process test servers, one of them behind a fault proxy: controllers declared
 * once reconcile in every cluster; clusters are engaged and disengaged at runtime; when one cluster
 * is black-holed the nine others keep reconciling, and status, readiness and metrics say which
 * cluster is which.
 */
class FleetOnTestServersTest {

  private static final Logger log = LoggerFactory.getLogger(FleetOnTestServersTest.class);
  private static final TypeKey CONFIG_MAPS = ResourceDescriptor.of(ConfigMap.class).type();
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final String FAULTY = "cluster-9";
  private static final int FAULTY_REQUEST_TIMEOUT_MILLIS = 3_000;

  private TestServerClusters clusters;
  private FaultProxy proxy;
  private final Map<String, Long> reconciledAt = new ConcurrentHashMap<>();

  @BeforeEach
  void startServers() {
    clusters = TestServerClusters.start(10, server -> server.serve(ConfigMap.class), this::connect);
    URI faulty = URI.create(clusters.server(FAULTY).url());
    proxy = FaultProxy.builder(faulty.getHost(), faulty.getPort()).start();
  }

  @AfterEach
  void stopServers() {
    proxy.close();
    clusters.close();
  }

  /**
   * Connects every cluster directly, but the faulty one through the proxy, with a request timeout of
   * {@link #FAULTY_REQUEST_TIMEOUT_MILLIS}: engaging it waits for its discovery and version requests to
   * time out while it is black-holed, which the default timeout (10 s each) only makes longer.
   */
  private KubernetesBackend connect(Config config) {
    boolean faulty = config.getMasterUrl().startsWith(clusters.server(FAULTY).url());
    return KubernetesBackend.connect(faulty ? new ConfigBuilder(config).withMasterUrl(proxy.url())
        .withRequestTimeout(FAULTY_REQUEST_TIMEOUT_MILLIS).build() : config);
  }

  private FleetManager fleet(SimpleMeterRegistry registry) {
    FleetManager fleet = FleetManager.builder(clusters).meterRegistry(registry).readinessPolicy(ReadinessPolicy.QUORUM)
        .stopTimeout(Duration.ofSeconds(5)).build();
    fleet.controller("config-maps", ConfigMap.class).reconcile((request, cluster) -> {
          reconciledAt.put(request.cluster() + "|" + request.key().name(), System.nanoTime());
          return Result.done();
        });
    return fleet;
  }

  private void create(String cluster, String name) {
    clusters.server(cluster).api().create(CONFIG_MAPS, SimObject.of("default", name));
  }

  /** Creates one ConfigMap in each cluster and returns the mean time to its reconcile, in ms. */
  private double roundTrip(List<String> names, String configMap) {
    Map<String, Long> createdAt = new ConcurrentHashMap<>();
    for (String name : names) {
      createdAt.put(name, System.nanoTime());
      create(name, configMap);
    }
    await().atMost(WAIT).until(() -> names.stream().allMatch(n -> reconciledAt.containsKey(n + "|" + configMap)));
    return names.stream().mapToLong(n -> reconciledAt.get(n + "|" + configMap) - createdAt.get(n)).average()
        .orElseThrow() / 1e6;
  }

  @Test
  void nineClustersKeepReconcilingWhileOneIsBlackHoled() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    List<String> healthy = IntStream.range(0, 9).mapToObj(i -> "cluster-" + i).toList();
    proxy.applyToNew(ConnectionFault.blackHole(), FaultProxy.UNTIL_HEALED);
    try (FleetManager fleet = fleet(registry)) {
      fleet.start();
      create(FAULTY, "lost");
      double during = 0;
      for (int round = 0; round < 3; round++) {
        during += roundTrip(healthy, "during-" + round) / 3;
      }
      assertThat(reconciledAt).doesNotContainKey(FAULTY + "|lost");
      assertThat(fleet.readiness().readyClusters()).containsExactlyElementsOf(healthy);
      assertThat(fleet.readiness().notReadyClusters()).containsExactly(FAULTY);
      assertThat(fleet.isReady()).as("nine of ten clusters are a quorum").isTrue();
      FleetHealth health = new FleetHealth(fleet, Duration.ofSeconds(60), java.time.Clock.systemUTC());
      assertThat(health.readiness().ok()).isTrue();
      assertThat(health.katalog()).hasSize(10).filteredOn(entry -> entry.get("cluster").equals(FAULTY)).singleElement()
          .satisfies(entry -> {
            assertThat(entry.get("ready")).isEqualTo(false);
            assertThat(entry.get("problems").toString()).contains("has not synced");
          });
      for (String name : healthy) {
        assertThat(registry.get("controller_runtime_reconcile_total").tag("cluster", name).tag("result", "success")
            .counter().count()).as("reconciles of %s", name).isGreaterThanOrEqualTo(3.0);
      }
      assertThat(registry.find("controller_runtime_reconcile_total").tag("cluster", FAULTY).tag("result", "success")
          .counter()).satisfiesAnyOf(c -> assertThat(c).isNull(), c -> assertThat(c.count()).isZero());

      proxy.heal();
      clusters.reconnect(FAULTY);
      await().atMost(WAIT).until(() -> reconciledAt.containsKey(FAULTY + "|lost"));
      await().atMost(WAIT).until(() -> fleet.readiness().readyClusters().size() == 10);
      double after = roundTrip(clusters.names(), "after");
      log.info("mean create-to-reconcile of the healthy clusters: {} ms while {} was black-holed, {} ms with all "
          + "ten healthy", String.format("%.1f", during), FAULTY, String.format("%.1f", after));
    }
  }

  @Test
  void clustersAreEngagedAndDisengagedAtRuntime() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    try (FleetManager fleet = fleet(registry)) {
      fleet.start();
      assertThat(fleet.clusterNames()).hasSize(10);
      clusters.add("cluster-10");
      create("cluster-10", "late");
      await().atMost(WAIT).until(() -> reconciledAt.containsKey("cluster-10|late"));

      clusters.remove("cluster-3");
      assertThat(fleet.clusterNames()).hasSize(10).doesNotContain("cluster-3").contains("cluster-10");
      assertThat(registry.getMeters()).noneMatch(m -> "cluster-3".equals(m.getId().getTag("cluster")));
      assertThat(registry.get("informer4j_fleet_disengagements_total").counter().count()).isEqualTo(1.0);
      assertThat(registry.get("informer4j_fleet_engagements_total").counter().count()).isEqualTo(11.0);
    }
  }
}
