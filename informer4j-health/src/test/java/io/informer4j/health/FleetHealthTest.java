package io.informer4j.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Result;
import io.informer4j.fleet.ClusterDefinition;
import io.informer4j.fleet.FixedClusterProvider;
import io.informer4j.fleet.FleetManager;
import io.informer4j.fleet.ReadinessPolicy;
import io.informer4j.informer.ForwardingBackend;
import io.informer4j.manager.Manager;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A fleet's health on a hub manager's health server: {@code /readyz} applies the fleet's policy,
 * each cluster a component, and names the clusters that are not ready; {@code /katalog} has one
 * entry per cluster; {@code /metrics} carries the {@code cluster} label.
 */
class FleetHealthTest {

  private static final TypeKey WIDGETS = TypeKey.of("example.io", "v1", "Widget");
  private static final Duration WAIT = Duration.ofSeconds(30);
  private final HttpClient http = HttpClient.newHttpClient();

  private HttpResponse<String> get(HealthServer server, String path) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(server.url() + path)).build(), HttpResponse.BodyHandlers.ofString());
  }

  private static FleetManager fleet(SimulatedApi api, Manager hub, ReadinessPolicy policy) {
    FleetManager fleet = FleetManager.builder(new FixedClusterProvider(List.of(
            new ClusterDefinition("alpha", () -> new ForwardingBackend(api)),
            new ClusterDefinition("broken", () -> {
              throw new IllegalStateException("the kubeconfig names no server");
            }))))
        .meterRegistry(hub.meterRegistry()).readinessPolicy(policy).build();
    fleet.controller("widgets", backend -> api.type(WIDGETS)).reconcile((request, cluster) -> Result.done());
    return fleet;
  }

  @Test
  void readinessFollowsThePolicyAndTheKatalogAndMetricsNameEachCluster() throws Exception {
    try (SimulatedApi api = SimulatedApi.builder().type(WIDGETS, Scope.NAMESPACED).build();
         SimulatedApi hubApi = SimulatedApi.builder().type(WIDGETS, Scope.NAMESPACED).build()) {
      api.create(WIDGETS, SimObject.of("shop", "w-1"));
      HealthServer[] server = new HealthServer[1];
      FleetManager[] fleet = new FleetManager[1];
      try (Manager hub = Manager.builder(hubApi).component(m -> {
        fleet[0] = fleet(api, m, ReadinessPolicy.ALL);
        server[0] = new FleetHealth(fleet[0], Duration.ofSeconds(60), Clock.systemUTC())
            .addTo(HealthServer.builder(m)).build();
        return server[0];
      }).build(); FleetManager members = fleet[0]) {
        hub.start();
        members.start();
        await().atMost(WAIT).until(() -> members.readiness().readyClusters().equals(List.of("alpha")));
        HttpResponse<String> ready = get(server[0], "/readyz");
        assertThat(ready.statusCode()).isEqualTo(503);
        assertThat(ready.body()).contains("fleet: 1 of 2 clusters ready, policy ALL")
            .contains("cluster 'broken': failed: java.lang.IllegalStateException: the kubeconfig names no server");
        String katalog = get(server[0], "/katalog").body();
        assertThat(katalog).contains("\"clusters\"").contains("\"cluster\":\"alpha\"").contains("\"cluster\":\"broken\"");
        assertThat(get(server[0], "/metrics").body()).contains("cluster=\"alpha\"");
      }
    }
  }

  @Test
  void anyReadyClusterIsEnoughUnderTheAnyPolicy() {
    try (SimulatedApi api = SimulatedApi.builder().type(WIDGETS, Scope.NAMESPACED).build();
         Manager hub = Manager.builder(api).build();
         FleetManager fleet = fleet(api, hub, ReadinessPolicy.ANY)) {
      fleet.start();
      FleetHealth health = new FleetHealth(fleet, Duration.ofSeconds(60), Clock.systemUTC());
      await().atMost(WAIT).until(() -> health.readiness().ok());
      assertThat(health.katalog()).extracting(entry -> entry.get("ready")).containsExactly(true, false);
      assertThat(health.katalog()).extracting(entry -> entry.get("owned")).as("a fleet not sharded owns every cluster")
          .containsExactly(true, true);
    }
  }
}
