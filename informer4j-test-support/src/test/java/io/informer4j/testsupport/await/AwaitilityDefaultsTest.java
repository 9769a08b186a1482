package io.informer4j.testsupport.await;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.testkit.engine.EngineTestKit;

/** AwaitilityDefaults: the intervals it polls at, in a class that opts in, and Awaitility's own after it. */
class AwaitilityDefaultsTest {

  private static final List<Duration> INTERVALS = new CopyOnWriteArrayList<>();

  @Test
  void theIntervalDoublesFromTheFirstUpToTheLongest() {
    Duration previous = Duration.ZERO;
    List<Long> millis = new CopyOnWriteArrayList<>();
    for (int poll = 1; poll <= 9; poll++) {
      previous = AwaitilityDefaults.DOUBLING.next(poll, previous);
      millis.add(previous.toMillis());
    }

    assertThat(millis).containsExactly(1L, 2L, 4L, 8L, 16L, 32L, 50L, 50L, 50L);
  }

  @Test
  void aClassThatOptsInWaitsWithThemAndLaterClassesWithAwaitilitysOwn() {
    INTERVALS.clear();
    EngineTestKit.engine("junit-jupiter").selectors(selectClass(OptedIn.class)).execute().testEvents()
        .assertStatistics(stats -> stats.started(1).succeeded(1));

    assertThat(INTERVALS).as("the wait before each check").containsExactlyElementsOf(IntStream.of(0, 1, 2, 4, 8, 16, 32, 50)
        .mapToObj(Duration::ofMillis).toList());
    assertThat(intervalsOfAWaitOfTwoChecks()).as("Awaitility's own: 100 ms before each check")
        .containsExactly(Duration.ofMillis(100), Duration.ofMillis(100));
  }

  private static List<Duration> intervalsOfAWaitOfTwoChecks() {
    AtomicInteger evaluations = new AtomicInteger();
    List<Duration> intervals = new CopyOnWriteArrayList<>();
    await().atMost(Duration.ofSeconds(30)).conditionEvaluationListener(condition -> intervals.add(condition.getPollInterval()))
        .until(() -> evaluations.incrementAndGet() == 2);
    return intervals;
  }

  /** Run by the test above, not by the build (a nested class). */
  @ExtendWith(AwaitilityDefaults.class)
  static class OptedIn {

    @Test
    void waits() {
      AtomicInteger evaluations = new AtomicInteger();
      await().atMost(Duration.ofSeconds(30)).conditionEvaluationListener(condition -> INTERVALS.add(condition.getPollInterval()))
          .until(() -> evaluations.incrementAndGet() == 8);
    }
  }
}
