package io.informer4j.health;

import io.informer4j.fleet.ClusterStatus;
import io.informer4j.fleet.EngagedCluster;
import io.informer4j.fleet.FleetManager;
import io.informer4j.fleet.ReadinessPolicy;
import io.informer4j.manager.ControllerStatus;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The health of a {@link FleetManager}, each cluster a component of its own: a cluster is ready when
 * it has not failed and {@link HealthChecks#readiness()} of its manager finds nothing (with the same
 * grace); the fleet is ready when its {@link ReadinessPolicy} is met. {@link #addTo} puts both on a
 * {@link HealthServer}: {@code /readyz} then also answers for the fleet, and {@code /katalog} gets a
 * {@code clusters} section with one entry per cluster.
 *
 * <p>Thread-safe; each call reads a fresh snapshot.
 */
public final class FleetHealth {

  private final FleetManager fleet;
  private final Duration grace;
  private final Clock clock;

  /**
   * @param fleet the fleet to judge
   * @param grace as for {@link HealthChecks}
   * @param clock as for {@link HealthChecks}
   */
  public FleetHealth(FleetManager fleet, Duration grace, Clock clock) {
    this.fleet = Objects.requireNonNull(fleet, "fleet");
    this.grace = Objects.requireNonNull(grace, "grace");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Adds the fleet's readiness to {@code server}'s {@code /readyz} and its clusters to {@code /katalog}. */
  public HealthServer.Builder addTo(HealthServer.Builder server) {
    return server.readinessCheck(this::readiness).katalogSection("clusters", this::katalog);
  }

  /** Returns the problems of one cluster: empty when it is ready. */
  private List<String> problemsOf(ClusterStatus status) {
    if (status.failure() != null) {
      return List.of("failed: " + status.failure());
    }
    Optional<EngagedCluster> cluster = fleet.cluster(status.cluster());
    if (cluster.isEmpty()) {
      return List.of("disengaged");
    }
    return new HealthChecks(cluster.get().manager(), grace, clock).readiness().problems();
  }

  /**
   * Returns the fleet's readiness: ok when the policy is met; otherwise one line saying how many
   * clusters are ready and one per problem of each cluster not ready, prefixed with its name.
   */
  public HealthReport readiness() {
    List<String> problems = new ArrayList<>();
    int ready = 0;
    List<ClusterStatus> clusters = fleet.status();
    for (ClusterStatus status : clusters) {
      List<String> ofCluster = problemsOf(status);
      if (ofCluster.isEmpty()) {
        ready++;
      }
      ofCluster.forEach(problem -> problems.add("cluster '" + status.cluster() + "': " + problem));
    }
    ReadinessPolicy policy = fleet.readiness().policy();
    if (policy.isMet(ready, clusters.size())) {
      return new HealthReport(true, List.of());
    }
    problems.add(0, "fleet: " + ready + " of " + clusters.size() + " clusters ready, policy " + policy);
    return new HealthReport(false, problems);
  }

  /**
   * Returns one entry per cluster: its name, readiness, whether this replica owns it (a sharded
   * fleet's warm standby clusters are not owned), problems, informers and controllers.
   */
  public List<Map<String, Object>> katalog() {
    List<Map<String, Object>> entries = new ArrayList<>();
    for (ClusterStatus status : fleet.status()) {
      List<String> problems = problemsOf(status);
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("cluster", status.cluster());
      entry.put("ready", problems.isEmpty());
      entry.put("owned", status.owned());
      entry.put("problems", problems);
      entry.put("informers", status.informers());
      List<Map<String, Object>> controllers = new ArrayList<>();
      for (ControllerStatus controller : status.controllers()) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("name", controller.name());
        c.put("state", controller.state().name());
        c.put("queueDepth", controller.queueDepth());
        c.put("activeWorkers", controller.activeWorkers());
        controllers.add(c);
      }
      entry.put("controllers", controllers);
      entries.add(entry);
    }
    return entries;
  }
}
