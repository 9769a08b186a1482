package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.ConvergenceChecker;
import io.informer4j.testkit.FaultyWorkload;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Random schedules of writes over several namespaces mixed with random faults; after the faults
 * stop, the informer's cache must equal the server's truth, each handler must have seen every
 * object's states as a subsequence of the server's, and every deletion must have reached it.
 * Each schedule is a test named by its seed; rerun one with {@code -Dinformer4j.seed=<seed>}.
 */
class ConvergenceUnderFaultsTest {

  private static final TypeKey TYPE = TypeKey.of("test.informer4j.io", "v1", "Widget");
  private static final int SCHEDULES = 200;
  private static final long BASE_SEED = 20261129L;
  private static final BackoffPolicy FAST = new BackoffPolicy(Duration.ofMillis(1), Duration.ofMillis(20), 2.0, 1.0,
      Duration.ofMinutes(2));

  private static InformerRuntime runtime;

  @BeforeAll
  static void startRuntime() {
    runtime = InformerRuntime.create("convergence");
  }

  @AfterAll
  static void stopRuntime() throws InterruptedException {
    runtime.stop(Duration.ofSeconds(10));
  }

  @TestFactory
  Stream<DynamicTest> informersConvergeAfterRandomFaults() {
    String pinned = System.getProperty("informer4j.seed");
    LongStream seeds = pinned != null ? LongStream.of(Long.parseLong(pinned)) : LongStream.range(BASE_SEED, BASE_SEED + SCHEDULES);
    return seeds.mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> runSchedule(seed)));
  }

  private static void runSchedule(long seed) throws InterruptedException {
    Random random = new Random(seed);
    try (SimulatedApi api = SimulatedApi.builder().type(TYPE, Scope.NAMESPACED).historyLimit(20 + random.nextInt(200))
        .bookmarkInterval(Duration.ofMillis(50)).rejectWatchList(random.nextBoolean()).build()) {
      ConvergenceChecker checker = new ConvergenceChecker(api, TYPE);
      FaultyWorkload workload = new FaultyWorkload(api, TYPE, checker, random, 5 + random.nextInt(3), 6);
      workload.run(10 + random.nextInt(20));
      SharedIndexInformer<SimObject> informer = SharedIndexInformer.builder(api.listerWatcher(TYPE), SimObject.ADAPTER)
          .name("convergence-" + seed).runtime(runtime).backoff(FAST).pageSize(random.nextBoolean() ? 0 : 3)
          .watchList(random.nextBoolean()).build();
      informer.addEventHandler(checker.handler("first"), HandlerOptions.named("first"));
      informer.start();
      workload.run(40 + random.nextInt(60));
      informer.addEventHandler(checker.handler("late joiner"), HandlerOptions.named("late joiner"));
      workload.run(20 + random.nextInt(40));
      workload.heal();
      try {
        await("seed " + seed + " converges").atMost(20, TimeUnit.SECONDS).pollInterval(Duration.ofMillis(20))
            .until(() -> checker.problems(informer.indexer()).isEmpty());
      } catch (ConditionTimeoutException e) {
        List<String> problems = checker.problems(informer.indexer());
        throw new AssertionError("seed " + seed + " (rerun with -Dinformer4j.seed=" + seed + ") did not converge: "
            + problems + "; informer " + informer.status(), e);
      } finally {
        informer.stop();
      }
      assertThat(informer.stopped()).succeedsWithin(Duration.ofSeconds(10));
    }
  }
}
