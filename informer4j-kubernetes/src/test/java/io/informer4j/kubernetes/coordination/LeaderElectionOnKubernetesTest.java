package io.informer4j.kubernetes.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.coordination.LeaderElectionScenario;
import io.informer4j.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Three candidates with their own fabric8 clients elect one leader on a Lease of the Kubernetes test
 * server; the leader's client is closed (connectivity lost) and its workers stop before another
 * candidate leads (see {@link LeaderElectionScenario}).
 */
class LeaderElectionOnKubernetesTest {

  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(500));

  private final SimulatedApi api = SimulatedApi.builder().build();
  private final KubernetesTestServer server = KubernetesTestServer.start(api).serve(Lease.class);

  @AfterEach
  void tearDown() {
    server.close();
    api.close();
  }

  private LeaderElectionScenario.Candidate candidate(String identity) {
    KubernetesClient client = server.newClient();
    KubernetesLeaderElection<String> election = new KubernetesLeaderElection<>(client, "default", "singleton-controller",
        identity, TIMING, Clock.system());
    return LeaderElectionScenario.Candidate.closing(election, client);
  }

  @Test
  void oneLeaderReconcilesAndALeaderCutOffStopsBeforeAnotherLeads() {
    try (LeaderElectionScenario scenario = new LeaderElectionScenario(TIMING, this::candidate)) {
      assertThat(scenario.run()).isPositive();
    }
  }
}
