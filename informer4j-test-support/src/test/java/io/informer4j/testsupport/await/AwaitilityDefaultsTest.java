package io.informer4j.testsupport.await;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The build's Awaitility defaults: installed for every test class, and the intervals they poll at. */
class AwaitilityDefaultsTest {

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
  void everyTestClassWaitsWithThem() {
    AtomicInteger evaluations = new AtomicInteger();
    List<Duration> intervals = new CopyOnWriteArrayList<>();

    await().atMost(Duration.ofSeconds(30)).conditionEvaluationListener(condition -> intervals.add(condition.getPollInterval()))
        .until(() -> evaluations.incrementAndGet() == 8);

    assertThat(intervals).as("the wait before each check").containsExactlyElementsOf(IntStream.of(0, 1, 2, 4, 8, 16, 32, 50)
        .mapToObj(Duration::ofMillis).toList());
  }
}
