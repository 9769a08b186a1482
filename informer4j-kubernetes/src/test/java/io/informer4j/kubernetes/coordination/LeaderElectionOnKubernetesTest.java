package io.informer4j.kubernetes.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.controller.Controller;
import io.informer4j.controller.Result;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.coordination.ReconcileLog;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Three candidates with their own clients elect one leader on a Lease of the Kubernetes test server;
 * only the leader's controller reconciles. The leader loses connectivity (its client is closed):
 * its workers stop before another candidate leads.
 */
class LeaderElectionOnKubernetesTest {

  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(500));
  private static final Duration WAIT = Duration.ofSeconds(30);

  private final SimulatedApi api = SimulatedApi.builder().build();
  private final KubernetesTestServer server = KubernetesTestServer.start(api).serve(ResourceDescriptor.of(Lease.class));
  private final ReconcileLog reconciles = new ReconcileLog();
  private final Map<String, Candidate> candidates = new LinkedHashMap<>();
  private final ScheduledExecutorService feeder = Executors.newSingleThreadScheduledExecutor();

  /** One candidate: its client, election and leader-gated controller. */
  private record Candidate(KubernetesClient client, KubernetesLeaderElection<String> election,
                           Controller<String> controller) {
    void stop() {
      controller.stop(Duration.ofSeconds(5));
      election.close();
      client.close();
    }
  }

  @AfterEach
  void tearDown() {
    feeder.shutdownNow();
    candidates.values().forEach(Candidate::stop);
    server.close();
    api.close();
  }

  private void start(String identity) {
    KubernetesClient client = server.newClient();
    KubernetesLeaderElection<String> election = new KubernetesLeaderElection<>(client, "default", "singleton-controller",
        identity, TIMING, Clock.system());
    Controller<String> controller = Controller.<String>builder("elected-" + identity, item -> {
      long start = reconciles.start(identity, "the-singleton-work");
      LockSupport.parkNanos(Duration.ofMillis(2).toNanos());
      reconciles.end(identity, "the-singleton-work", start);
      return Result.done();
    }).gate(election.leadership()).build();
    controller.start();
    election.start();
    candidates.put(identity, new Candidate(client, election, controller));
    feeder.scheduleWithFixedDelay(() -> controller.queue().add("work"), 0, 10, TimeUnit.MILLISECONDS);
  }

  private List<String> leaders() {
    return candidates.entrySet().stream().filter(e -> e.getValue().election().leadership().isLeading())
        .map(Map.Entry::getKey).toList();
  }

  @Test
  void oneLeaderReconcilesAndALeaderCutOffStopsBeforeAnotherLeads() {
    List.of("candidate-a", "candidate-b", "candidate-c").forEach(this::start);
    await().atMost(WAIT).until(() -> leaders().size() == 1);
    String first = leaders().get(0);
    await().atMost(WAIT).until(() -> candidates.values().stream()
        .allMatch(c -> c.election().leadership().leader().equals(first)));
    await().atMost(WAIT).until(() -> reconciles.keysReconciledBy(first).size() == 1);

    long cutAt = System.nanoTime();
    candidates.get(first).client().close();
    await().atMost(WAIT).until(() -> leaders().stream().anyMatch(l -> !l.equals(first)));
    String second = leaders().stream().filter(l -> !l.equals(first)).findFirst().orElseThrow();
    await().atMost(WAIT).until(() -> reconciles.firstStartBy(second, cutAt) != Long.MAX_VALUE);

    long firstStopped = reconciles.lastStartBy(first);
    long secondStarted = reconciles.firstStartBy(second, cutAt);
    assertThat(firstStopped).as("the cut-off leader's last reconcile started before the new leader's first")
        .isLessThan(secondStarted);
    assertThat(Duration.ofNanos(secondStarted - cutAt)).as("takeover within the lease duration plus a margin")
        .isLessThan(TIMING.leaseDuration().plus(TIMING.renewDeadline()).plusSeconds(5));
    assertThat(candidates.get(first).election().leadership().isLeading()).isFalse();
    assertThat(reconciles.overlaps(0)).isEmpty();
    assertThat(candidates.get(second).election().leadership().status()).containsEntry("role", "leader")
        .containsEntry("leader", second);
  }
}
