package io.informer4j.etcd.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.coordination.LeaseTiming;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The etcd session lease: kept alive, and replaced when etcd no longer has it. */
class EtcdSessionTest {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();
  private static final LeaseTiming TIMING = new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2),
      Duration.ofMillis(200));

  @Test
  void aLeaseEtcdNoLongerHasIsReplacedByANewOne() throws Exception {
    try (InformerRuntime runtime = InformerRuntime.create("session-test");
         EtcdSession session = new EtcdSession(ETCD.client(), "session-test", TIMING, Clock.system())) {
      session.start(runtime);
      long first = session.leaseId();
      long confirmed = session.validFrom();
      await().atMost(Duration.ofSeconds(60)).until(() -> session.validFrom() > confirmed);
      assertThat(session.leaseId()).isEqualTo(first);

      ETCD.client().getLeaseClient().revoke(first).get(60, TimeUnit.SECONDS);

      await().atMost(Duration.ofSeconds(60)).until(() -> session.leaseId() != first);
      long ttl = ETCD.client().getLeaseClient().timeToLive(session.leaseId(),
          io.etcd.jetcd.options.LeaseOption.DEFAULT).get(60, TimeUnit.SECONDS).getTTL();
      assertThat(ttl).isPositive();
    }
  }
}
