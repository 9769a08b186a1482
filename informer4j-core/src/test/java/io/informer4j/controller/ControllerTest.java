package io.informer4j.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.RateLimiter;
import io.informer4j.queue.WorkQueue;
import io.informer4j.time.ManualClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Reconcile outcomes with a fake clock: requeue-after, rate-limited retries, terminal errors, recovery. */
class ControllerTest {

  private final ManualClock clock = new ManualClock();
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
  private Controller<String> controller;

  @AfterEach
  void stop() {
    if (controller != null) {
      controller.stop();
    }
  }

  private Controller<String> start(Reconciler<String> reconciler) {
    controller = Controller.builder("test", (String item) -> {
          calls.computeIfAbsent(item, k -> new AtomicInteger()).incrementAndGet();
          return reconciler.reconcile(item);
        })
        .clock(clock).scheduler(clock).meterRegistry(registry)
        .rateLimiter(RateLimiter.exponential(Duration.ofMillis(5), Duration.ofSeconds(1000)))
        .workers(2)
        .build();
    controller.start();
    return controller;
  }

  private int calls(String item) {
    AtomicInteger count = calls.get(item);
    return count == null ? 0 : count.get();
  }

  private double reconciles(String result) {
    return registry.get("controller_runtime_reconcile_total").tag("controller", "test").tag("result", result)
        .counter().count();
  }

  private double counter(String name) {
    return registry.get(name).tag("controller", "test").counter().count();
  }

  @Test
  void successForgetsTheBackoff() {
    PriorityWorkQueue<String> queue = start(item -> Result.done()).queue();
    queue.addRateLimited("a");
    clock.advance(Duration.ofMillis(5));

    await().until(() -> reconciles("success") == 1);
    assertThat(queue.numRequeues("a")).isZero();
    assertThat(calls("a")).isEqualTo(1);
  }

  @Test
  void requeueAfterRunsAgainExactlyWhenTheDelayPassed() {
    PriorityWorkQueue<String> queue =
        start(item -> calls(item) == 1 ? Result.requeueAfter(Duration.ofSeconds(10)) : Result.done()).queue();
    queue.add("a");
    await().until(() -> reconciles("requeue_after") == 1);

    clock.advance(Duration.ofMillis(9_999));
    assertThat(queue.len()).as("still waiting for its delay").isZero();
    assertThat(calls("a")).isEqualTo(1);

    clock.advance(Duration.ofMillis(1));
    await().until(() -> reconciles("success") == 1);
    assertThat(calls("a")).isEqualTo(2);
    assertThat(queue.numRequeues("a")).isZero();
  }

  @Test
  void anExceptionRequeuesWithGrowingBackoff() {
    PriorityWorkQueue<String> queue = start(item -> {
      if (calls(item) <= 2) {
        throw new IllegalStateException("API unavailable");
      }
      return Result.done();
    }).queue();
    queue.add("a");
    await().until(() -> reconciles("error") == 1);
    assertThat(queue.numRequeues("a")).isEqualTo(1);

    clock.advance(Duration.ofMillis(5));
    await().until(() -> reconciles("error") == 2);
    clock.advance(Duration.ofMillis(9));
    assertThat(calls("a")).as("second retry waits 10 ms").isEqualTo(2);
    clock.advance(Duration.ofMillis(1));

    await().until(() -> reconciles("success") == 1);
    assertThat(counter("controller_runtime_reconcile_errors_total")).isEqualTo(2);
    assertThat(queue.numRequeues("a")).isZero();
  }

  @Test
  void aTerminalErrorIsCountedAndNotRequeued() {
    PriorityWorkQueue<String> queue = start(item -> {
      throw new IllegalStateException("wrapped", new TerminalReconcileException("spec is invalid"));
    }).queue();
    queue.add("a");

    await().until(() -> reconciles("error") == 1);
    assertThat(counter("controller_runtime_terminal_reconcile_errors_total")).isEqualTo(1);
    assertThat(counter("controller_runtime_reconcile_errors_total")).isEqualTo(1);
    assertThat(queue.numRequeues("a")).isZero();
    assertThat(clock.pendingTasks()).as("no delayed retry armed").isZero();
    clock.advance(Duration.ofHours(1));
    assertThat(queue.len()).isZero();
    assertThat(calls("a")).isEqualTo(1);
  }

  @Test
  void anErrorThatIsNotAVirtualMachineErrorIsRecoveredCountedAndRetried() {
    PriorityWorkQueue<String> queue = start(item -> {
      if (calls(item) == 1) {
        throw new AssertionError("bug in reconciler");
      }
      return Result.done();
    }).queue();
    queue.add("a");
    await().until(() -> reconciles("error") == 1);
    assertThat(counter("controller_runtime_reconcile_panics_total")).isEqualTo(1);

    clock.advance(Duration.ofMillis(5));

    await().until(() -> reconciles("success") == 1);
    assertThat(controller.state()).isEqualTo(ControllerState.RUNNING);
  }

  @Test
  void aVirtualMachineErrorEndsItsWorkerButTheItemIsDone() {
    Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
    Thread.setDefaultUncaughtExceptionHandler((thread, error) -> { });
    try {
      PriorityWorkQueue<String> queue = start(item -> {
        if (calls(item) == 1) {
          throw new InternalError("simulated JVM failure");
        }
        return Result.done();
      }).queue();
      queue.add("a");
      await().dontCatchUncaughtExceptions().until(() -> aliveWorkers() == 1);

      queue.add("a");

      await().dontCatchUncaughtExceptions().until(() -> calls("a") == 2);
      assertThat(reconciles("success")).as("'a' was done, so the re-add reached the other worker").isEqualTo(1);
    } finally {
      controller.stop();
      Thread.setDefaultUncaughtExceptionHandler(previous);
    }
  }

  private static long aliveWorkers() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("informer4j-controller[test]-worker")).filter(Thread::isAlive).count();
  }

  @Test
  void requeueUsesTheRateLimiterAndKeepsThePriority() throws Exception {
    PriorityWorkQueue<String> queue =
        start(item -> calls(item) == 1 ? Result.requeue() : Result.requeueAfter(Duration.ofSeconds(1)).withPriority(7)).queue();
    queue.add("a", 3);
    await().until(() -> reconciles("requeue") == 1);
    assertThat(queue.numRequeues("a")).isEqualTo(1);

    clock.advance(Duration.ofMillis(5));
    await().until(() -> reconciles("requeue_after") == 1);
    controller.stop();

    clock.advance(Duration.ofSeconds(1));
    assertThat(queue.isShuttingDown()).as("the controller's own queue is shut down by stop").isTrue();
  }

  @Test
  void aReconcileTimeoutInterruptsTheWorkerAndRetries() {
    CountDownLatch started = new CountDownLatch(1);
    controller = Controller.builder("test", (String item) -> {
          calls.computeIfAbsent(item, k -> new AtomicInteger()).incrementAndGet();
          if (calls(item) == 1) {
            started.countDown();
            new CountDownLatch(1).await();
          }
          return Result.done();
        })
        .clock(clock).scheduler(clock).meterRegistry(registry).reconcileTimeout(Duration.ofSeconds(30))
        .rateLimiter(RateLimiter.exponential(Duration.ofMillis(5), Duration.ofSeconds(1)))
        .build();
    controller.start();
    controller.queue().add("a");
    await().until(() -> started.getCount() == 0);

    clock.advance(Duration.ofSeconds(30));

    await().until(() -> reconciles("error") == 1);
    assertThat(counter("controller_runtime_reconcile_timeouts_total")).isEqualTo(1);
    clock.advance(Duration.ofMillis(5));
    await().until(() -> reconciles("success") == 1);
  }

  @Test
  void publishesControllerRuntimeGauges() {
    start(item -> Result.done());

    assertThat(registry.get("controller_runtime_max_concurrent_reconciles").tag("controller", "test").gauge().value())
        .isEqualTo(2);
    assertThat(registry.get("controller_runtime_active_workers").tag("controller", "test").gauge().value()).isZero();
    assertThat(registry.find("controller_runtime_reconcile_time_seconds").timer()).isNotNull();
  }

  @Test
  void drainsAGivenQueueWithoutShuttingItDown() {
    PriorityWorkQueue<String> shared = WorkQueue.<String>builder().name("shared").clock(clock).scheduler(clock).build();
    controller = Controller.builder("test", (String item) -> {
      calls.computeIfAbsent(item, k -> new AtomicInteger()).incrementAndGet();
      return Result.done();
    }).queue(shared).build();
    controller.start();
    shared.add("a");
    await().until(() -> calls("a") == 1);

    assertThat(controller.stop()).isTrue();

    assertThat(shared.isShuttingDown()).isFalse();
    assertThat(shared.add("b")).isTrue();
    shared.shutDown();
  }
}
