package io.informer4j.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Controller;
import io.informer4j.controller.ReconcileGate.Admission;
import io.informer4j.controller.Result;
import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class LeadershipGateTest {

  private final ManualClock clock = new ManualClock();
  private final Leadership<String> leadership = new Leadership<>("me", clock);
  private final List<String> events = new CopyOnWriteArrayList<>();

  @Test
  void leadingLastsUntilTheRenewDeadlineAndListenersHearEveryChange() {
    leadership.addListener(new LeadershipListener() {
      @Override
      public void startedLeading() {
        events.add("started");
      }

      @Override
      public void stoppedLeading() {
        events.add("stopped");
      }

      @Override
      public void newLeader(String identity) {
        events.add("leader " + identity);
      }
    });
    assertThat(leadership.enter("x")).isEqualTo(Admission.DEFER);
    leadership.renewed(clock.nanoTime() + Duration.ofSeconds(2).toNanos());
    assertThat(leadership.enter("x")).isEqualTo(Admission.RUN);
    clock.advance(Duration.ofSeconds(2));
    assertThat(leadership.isLeading()).isFalse();
    assertThat(leadership.enter("x")).isEqualTo(Admission.DEFER);
    leadership.observedLeader("other");
    assertThat(events).containsExactly("leader me", "started", "stopped", "leader other");
    assertThat(leadership.status()).containsEntry("role", "follower").containsEntry("leader", "other")
        .containsEntry("transitionsTotal", 2L);
  }

  @Test
  void controllerWorkersWaitUntilThisReplicaLeads() {
    List<String> reconciled = new CopyOnWriteArrayList<>();
    Controller<String> controller = Controller.<String>builder("leader-gated", item -> {
      reconciled.add(item);
      return Result.done();
    }).gate(leadership).build();
    controller.start();
    try {
      controller.queue().add("a");
      assertThat(reconciled).isEmpty();
      leadership.renewed(clock.nanoTime() + Duration.ofSeconds(10).toNanos());
      await().atMost(Duration.ofSeconds(60)).until(() -> reconciled.contains("a"));
      leadership.lost("test");
      controller.queue().add("b");
      await().atMost(Duration.ofSeconds(60)).until(() -> controller.queue().len() == 1);
      assertThat(reconciled).containsExactly("a");
    } finally {
      assertThat(controller.stop(Duration.ofSeconds(5))).isTrue();
    }
  }
}
