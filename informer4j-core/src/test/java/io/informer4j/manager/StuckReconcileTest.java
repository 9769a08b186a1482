package io.informer4j.manager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Controller;
import io.informer4j.controller.Result;
import io.informer4j.meta.ObjectKey;
import io.informer4j.testing.FakeBackend;
import io.informer4j.testing.Item;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * A reconcile that does not return is reported past the stuck threshold (status, metric), a controller
 * whose every worker is stuck makes the manager not ready, other controllers go on, and it all clears
 * when the reconcile returns.
 */
class StuckReconcileTest {

  @Test
  void aReconcileBlockedOnALatchIsReportedAndTurnsReadinessUntilItReturns() throws InterruptedException {
    FakeBackend backend = new FakeBackend();
    for (int i = 0; i < 5; i++) {
      backend.source(FakeBackend.PODS).put(Item.of("shop", "web-" + i, "1"));
      backend.source(FakeBackend.DEPLOYMENTS).put(Item.of("shop", "app-" + i, "1"));
    }
    SimpleMeterRegistry metrics = new SimpleMeterRegistry();
    CountDownLatch release = new CountDownLatch(1);
    Set<ObjectKey> othersReconciled = ConcurrentHashMap.newKeySet();
    try (Manager manager = Manager.builder(backend).name("stuck").meterRegistry(metrics).build()) {
      manager.controller("blocked", FakeBackend.PODS).stuckThreshold(Duration.ofMillis(200)).reconcile(key -> {
        release.await();
        return Result.done();
      });
      manager.controller("others", FakeBackend.DEPLOYMENTS).stuckThreshold(Duration.ofMillis(200)).reconcile(key -> {
        othersReconciled.add(key);
        return Result.done();
      });
      manager.start();

      await().atMost(Duration.ofSeconds(20)).until(() -> !status(manager, "blocked").stuckReconciles().isEmpty());
      ControllerStatus blocked = status(manager, "blocked");
      assertThat(blocked.stuckReconciles()).singleElement().asString().startsWith("shop/web-");
      assertThat(blocked.allWorkersStuck()).isTrue();
      assertThat(manager.isReady()).isFalse();
      assertThat(metrics.get("informer4j_controller_stuck_reconciles_total").tag("controller", "blocked").counter()
          .count()).isEqualTo(1.0);
      assertThat(metrics.get("informer4j_controller_stuck_workers").tag("controller", "blocked").gauge().value())
          .isEqualTo(1.0);
      await().atMost(Duration.ofSeconds(20)).until(() -> othersReconciled.size() == 5);
      assertThat(status(manager, "others").stuckReconciles()).isEmpty();

      release.countDown();
      await().atMost(Duration.ofSeconds(20)).until(manager::isReady);
      assertThat(status(manager, "blocked").stuckReconciles()).isEmpty();
      assertThat(metrics.get("informer4j_controller_stuck_reconciles_total").tag("controller", "blocked").counter()
          .count()).as("reported once per episode").isEqualTo(1.0);
    }
  }

  @Test
  void aThresholdThatIsNotPositiveIsRefused() {
    assertThatThrownBy(() -> Controller.<String>builder("c", key -> Result.done()).stuckThreshold(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stuck threshold");
  }

  private static ControllerStatus status(Manager manager, String name) {
    return manager.controllers().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
  }
}
