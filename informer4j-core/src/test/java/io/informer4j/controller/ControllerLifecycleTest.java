package io.informer4j.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Start after sync signals, loud sync failures, stop that drains in-flight work, no thread left. */
class ControllerLifecycleTest {

  private final AtomicInteger reconciled = new AtomicInteger();

  private static long threadsNamed(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith(prefix)).filter(Thread::isAlive).count();
  }

  @Test
  void workersStartOnlyAfterEverySyncSignalCompleted() throws Exception {
    CompletableFuture<Void> pods = new CompletableFuture<>();
    CompletableFuture<String> services = new CompletableFuture<>();
    Controller<String> controller = Controller.builder("sync", (String item) -> {
      reconciled.incrementAndGet();
      return Result.done();
    }).waitFor("pods", pods).waitFor("services", services).build();
    controller.queue().add("initial-list-item");
    CompletableFuture<Void> starting = CompletableFuture.runAsync(controller::start);
    await().until(() -> controller.state() == ControllerState.SYNCING);

    pods.complete(null);
    assertThat(starting).isNotDone();
    assertThat(threadsNamed("informer4j-controller[sync]")).isZero();
    services.complete("synced");

    starting.get();
    assertThat(controller.state()).isEqualTo(ControllerState.RUNNING);
    await().until(() -> reconciled.get() == 1);
    assertThat(controller.stop()).isTrue();
  }

  @Test
  void aSyncTimeoutFailsLoudlyNamingWhatDidNotSync() {
    Controller<String> controller = Controller.builder("late", (String item) -> Result.done())
        .waitFor("pods", CompletableFuture.completedFuture(null))
        .waitFor("deployments handler", new CompletableFuture<>())
        .syncTimeout(Duration.ofMillis(50))
        .build();

    assertThatThrownBy(controller::start)
        .isInstanceOf(ControllerStartException.class)
        .hasMessageContaining("controller 'late'")
        .hasMessageContaining("timed out after PT0.05S")
        .hasMessageContaining("[deployments handler]");
    assertThat(controller.state()).isEqualTo(ControllerState.FAILED);
    assertThat(controller.failure()).get().asString().contains("deployments handler");
    assertThat(controller.queue().isShuttingDown()).isTrue();
  }

  @Test
  void aFailedSignalFailsTheStartAtOnce() {
    Controller<String> controller = Controller.builder("broken", (String item) -> Result.done())
        .waitFor("crd", CompletableFuture.failedFuture(new IllegalStateException("CRD missing")))
        .waitFor("never", new CompletableFuture<>())
        .build();

    assertThatThrownBy(controller::start)
        .isInstanceOf(ControllerStartException.class)
        .hasMessageContaining("sync signal 'crd' failed")
        .hasRootCauseMessage("CRD missing");
    assertThat(controller.state()).isEqualTo(ControllerState.FAILED);
    assertThatThrownBy(controller::start).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void stopDuringTheSyncWaitStartsNoWorker() throws Exception {
    Controller<String> controller = Controller.builder("stopped-early", (String item) -> Result.done())
        .waitFor("never", new CompletableFuture<>()).build();
    CompletableFuture<Void> starting = CompletableFuture.runAsync(controller::start);
    await().until(() -> controller.state() == ControllerState.SYNCING);

    assertThat(controller.stop()).isTrue();

    starting.get();
    assertThat(controller.state()).isEqualTo(ControllerState.STOPPED);
    assertThat(threadsNamed("informer4j-controller[stopped-early]")).isZero();
  }

  @Test
  void stopLetsInFlightReconcilesFinishAndLeavesNoThread() throws Exception {
    CountDownLatch inFlight = new CountDownLatch(4);
    CountDownLatch release = new CountDownLatch(1);
    Controller<Integer> controller = Controller.builder("drain", (Integer item) -> {
      inFlight.countDown();
      release.await();
      reconciled.incrementAndGet();
      return Result.requeueAfter(Duration.ofHours(1));
    }).workers(4).build();
    controller.start();
    assertThat(threadsNamed("informer4j-controller[drain]-worker")).isEqualTo(4);
    for (int i = 0; i < 10; i++) {
      controller.queue().add(i);
    }
    inFlight.await();

    CompletableFuture<Boolean> stopping = CompletableFuture.supplyAsync(controller::stop);
    await().until(() -> controller.state() == ControllerState.STOPPING);
    assertThat(stopping).isNotDone();
    release.countDown();

    assertThat(stopping.get()).isTrue();
    assertThat(reconciled.get()).as("the 4 in-flight reconciles finished; no new item was taken").isEqualTo(4);
    assertThat(controller.state()).isEqualTo(ControllerState.STOPPED);
    assertThat(threadsNamed("informer4j-controller[drain]")).isZero();
    assertThat(threadsNamed("informer4j-workqueue-timer[drain]")).as("the queue's timer thread ended too").isZero();
  }

  @Test
  void aReconcileOutlivingTheStopBoundIsInterrupted() {
    CountDownLatch started = new CountDownLatch(1);
    AtomicInteger interrupted = new AtomicInteger();
    Controller<String> controller = Controller.builder("stuck", (String item) -> {
      started.countDown();
      try {
        new CountDownLatch(1).await();
      } catch (InterruptedException e) {
        interrupted.incrementAndGet();
        throw e;
      }
      return Result.done();
    }).stopTimeout(Duration.ofMillis(20)).build();
    controller.start();
    controller.queue().add("a");
    await().until(() -> started.getCount() == 0);

    assertThat(controller.stop()).isTrue();

    assertThat(interrupted.get()).isEqualTo(1);
    assertThat(threadsNamed("informer4j-controller[stuck]")).isZero();
  }

  @Test
  void stopIsIdempotentAndSafeBeforeStart() {
    Controller<String> controller = Controller.builder("idle", (String item) -> Result.done()).build();

    assertThat(controller.stop()).isTrue();
    assertThat(controller.stop()).isTrue();
    assertThat(controller.state()).isEqualTo(ControllerState.STOPPED);
    assertThatThrownBy(controller::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("STOPPED");
  }
}
