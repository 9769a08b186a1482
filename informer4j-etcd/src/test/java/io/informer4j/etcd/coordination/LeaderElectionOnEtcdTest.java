package io.informer4j.etcd.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.informer4j.coordination.CoordinationSettingsException;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.testkit.coordination.LeaderElectionScenario;
import io.informer4j.time.Clock;
import java.time.Duration;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Three candidates with their own jetcd clients elect one leader through etcd's election API on a
 * real etcd; the leader's client is closed (its keep-alives stop) and its workers stop before
 * another candidate leads (see {@link LeaderElectionScenario}).
 */
class LeaderElectionOnEtcdTest {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();
  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(500));

  private final String name = ETCD.newPrefix("election");

  private LeaderElectionScenario.Candidate candidate(String identity) {
    Client client = ETCD.server().newClient();
    EtcdLeaderElection<String> election = new EtcdLeaderElection<>(client, name, identity, TIMING, Clock.system());
    return LeaderElectionScenario.Candidate.closing(election, client);
  }

  @Test
  void oneLeaderReconcilesAndALeaderCutOffStopsBeforeAnotherLeads() {
    try (LeaderElectionScenario scenario = new LeaderElectionScenario(TIMING, this::candidate)) {
      assertThat(scenario.run()).isPositive();
    }
  }

  @Test
  void blankNamesAreRejected() {
    Assertions.assertThatThrownBy(() -> new EtcdLeaderElection<String>(ETCD.client(), " ", "a", TIMING, Clock.system()))
        .isInstanceOf(CoordinationSettingsException.class).hasMessageContaining("election name");
    Assertions.assertThatThrownBy(() -> new EtcdShardLeases(ETCD.client(), "/p", "", TIMING, Clock.system()))
        .isInstanceOf(CoordinationSettingsException.class).hasMessageContaining("identity");
  }
}
