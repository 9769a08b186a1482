package io.informer4j.manager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Controller;
import io.informer4j.controller.ControllerState;
import io.informer4j.controller.Result;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.ForbiddenException;
import io.informer4j.testing.FakeBackend;
import io.informer4j.testing.Item;
import io.informer4j.testsupport.await.AwaitilityDefaults;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A manager starts in order, stops in reverse within its bound, leaves no thread, and fails loudly. */
@ExtendWith(AwaitilityDefaults.class)
class ManagerLifecycleTest {

  private static Set<String> informer4jThreads() {
    return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
        .filter(name -> name.startsWith("informer4j-")).collect(Collectors.toSet());
  }

  @Test
  void aHundredStartStopCyclesOfFiveControllersLeaveNoThread() throws InterruptedException {
    Set<String> before = informer4jThreads();
    for (int cycle = 0; cycle < 100; cycle++) {
      FakeBackend backend = new FakeBackend();
      backend.source(FakeBackend.PODS).put(Item.of("shop", "web", "1"));
      Manager manager = Manager.builder(backend).name("cycle").build();
      for (int c = 0; c < 5; c++) {
        manager.controller("c" + c, c % 2 == 0 ? FakeBackend.PODS : FakeBackend.DEPLOYMENTS).workers(2)
            .reconcile(key -> Result.done());
      }
      manager.start();
      await().until(manager::isReady);
      assertThat(manager.stop(Duration.ofSeconds(10))).as("cycle %d", cycle).isTrue();
      assertThat(manager.stopped()).isCompleted();
    }
    await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(informer4jThreads()).isSubsetOf(before));
  }

  @Test
  void aStopDuringAReconcileLetsItFinishWithinTheBound() throws InterruptedException {
    FakeBackend backend = new FakeBackend();
    backend.source(FakeBackend.PODS).put(Item.of("shop", "web", "1"));
    Manager manager = Manager.builder(backend).name("draining").stopTimeout(Duration.ofSeconds(5)).build();
    CountDownLatch inReconcile = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean finished = new AtomicBoolean();
    Controller<ObjectKey> controller = manager.controller("slow", FakeBackend.PODS).reconcile(key -> {
      inReconcile.countDown();
      release.await();
      finished.set(true);
      return Result.done();
    });
    manager.start();
    assertThat(inReconcile.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    Thread releaser = new Thread(() -> {
      await().until(() -> controller.state() == ControllerState.STOPPING);
      release.countDown();
    });
    releaser.start();
    assertThat(manager.stop(Duration.ofSeconds(5))).isTrue();
    assertThat(finished).isTrue();
    assertThat(controller.state()).isEqualTo(ControllerState.STOPPED);
    await().until(() -> informer4jThreads().stream().noneMatch(name -> name.contains("draining")
        || name.contains("controller[slow]")));
  }

  @Test
  void anInformerThatGivesUpStopsTheManagerWithItsCause() {
    FakeBackend backend = new FakeBackend();
    backend.source(FakeBackend.PODS).failNextList(new ForbiddenException("pods is forbidden: User cannot list"));
    Manager manager = Manager.builder(backend).name("failing").startTimeout(Duration.ZERO)
        .informerOptions(informer -> informer.retryPolicy((error, synced, failures) -> !(error instanceof ForbiddenException)))
        .build();
    manager.controller("pods", FakeBackend.PODS).reconcile(key -> Result.done());
    manager.start();
    assertThat(manager.stopped()).failsWithin(Duration.ofSeconds(10)).withThrowableOfType(ExecutionException.class)
        .withCauseInstanceOf(ManagerFailedException.class).withRootCauseInstanceOf(ForbiddenException.class);
    assertThatThrownBy(manager::run).isInstanceOf(ManagerFailedException.class).hasMessageContaining("forbidden");
  }

  @Test
  void componentsStartFirstAndStopLast() throws InterruptedException {
    StringBuilder order = new StringBuilder();
    FakeBackend backend = new FakeBackend();
    Manager manager = Manager.builder(backend).name("ordered").component(m -> new ManagedComponent() {
      @Override
      public void start() {
        order.append("component-start ").append(m.cache().isStarted() ? "after-cache " : "before-cache ");
      }

      @Override
      public boolean stop(Duration timeout) {
        order.append("component-stop ").append(m.cache().isStopped() ? "after-cache" : "before-cache");
        return true;
      }
    }).build();
    manager.start();
    manager.stop(Duration.ofSeconds(5));
    assertThat(order.toString()).isEqualTo("component-start before-cache component-stop after-cache");
  }

  @Test
  void aComponentThatCannotStartFailsTheStart() {
    Manager manager = Manager.builder(new FakeBackend()).name("broken").component(m -> new ManagedComponent() {
      @Override
      public void start() throws Exception {
        throw new java.io.IOException("port 8080 is taken");
      }

      @Override
      public boolean stop(Duration timeout) {
        return true;
      }
    }).build();
    assertThatThrownBy(manager::start).isInstanceOf(ManagerStartException.class).hasMessageContaining("port 8080");
    assertThat(manager.stopped()).failsWithin(Duration.ofSeconds(10));
  }
}
