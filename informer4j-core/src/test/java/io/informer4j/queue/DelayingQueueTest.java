package io.informer4j.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class DelayingQueueTest {

  private static final long SEED = Long.getLong("informer4j.test.seed", 20260101L);

  private final ManualClock clock = new ManualClock();
  private final PriorityWorkQueue<String> queue =
      WorkQueue.<String>builder().name("delaying").clock(clock).scheduler(clock).build();

  @Test
  void anItemIsAddedOnlyOnceItsDelayPassed() {
    queue.addAfter("a", Duration.ofSeconds(10));

    clock.advance(Duration.ofMillis(9_999));
    assertThat(queue.len()).isZero();
    clock.advance(Duration.ofMillis(1));
    assertThat(QueueTesting.drain(queue)).containsExactly("a");
  }

  @Test
  void aZeroOrNegativeDelayAddsAtOnce() {
    queue.addAfter("a", Duration.ZERO);
    queue.addAfter("b", Duration.ofSeconds(-1));

    assertThat(QueueTesting.drain(queue)).containsExactly("a", "b");
  }

  @Test
  void readdingAWaitingItemOnlyMovesItEarlier() {
    queue.addAfter("a", Duration.ofSeconds(10));
    queue.addAfter("a", Duration.ofSeconds(20));
    clock.advance(Duration.ofSeconds(10));
    assertThat(QueueTesting.drain(queue)).containsExactly("a");

    queue.addAfter("b", Duration.ofSeconds(10));
    queue.addAfter("b", Duration.ofSeconds(1));
    clock.advance(Duration.ofSeconds(1));
    assertThat(QueueTesting.drain(queue)).containsExactly("b");
    clock.advance(Duration.ofSeconds(20));
    assertThat(QueueTesting.drain(queue)).as("moved, not duplicated").isEmpty();
  }

  @Test
  void movingAnItemBeforeTheEarliestReArmsTheSingleTimer() {
    queue.addAfter("a", Duration.ofSeconds(5));
    queue.addAfter("b", Duration.ofSeconds(10));
    queue.addAfter("b", Duration.ofSeconds(1));

    assertThat(clock.pendingTasks()).as("the timer for 5 s is replaced").isEqualTo(1);
    clock.advance(Duration.ofSeconds(1));
    assertThat(QueueTesting.drain(queue)).containsExactly("b");
    clock.advance(Duration.ofSeconds(4));
    assertThat(QueueTesting.drain(queue)).containsExactly("a");
  }

  @Test
  void itemsBecomeReadyInOrderOfReadyTime() {
    queue.addAfter("late", Duration.ofSeconds(3));
    queue.addAfter("early", Duration.ofSeconds(1));
    queue.addAfter("middle", Duration.ofSeconds(2));
    queue.addAfter("tie-first", Duration.ofSeconds(2));

    clock.advance(Duration.ofSeconds(5));

    assertThat(QueueTesting.drain(queue)).containsExactly("early", "middle", "tie-first", "late");
  }

  @Test
  void aBurstOf100kDelayedAddsLosesNothingAndKeepsReadyTimeOrder() {
    Random random = new Random(SEED);
    List<long[]> expected = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      long delayMillis = 1 + random.nextInt(10_000);
      queue.addAfter("item-" + i, Duration.ofMillis(delayMillis));
      expected.add(new long[] {delayMillis, i});
    }
    expected.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));

    List<String> seen = new ArrayList<>();
    for (int step = 0; step < 100; step++) {
      clock.advance(Duration.ofMillis(100));
      seen.addAll(QueueTesting.drain(queue));
    }

    assertThat(seen).as("seed %d", SEED).hasSize(100_000);
    assertThat(seen).as("seed %d", SEED).containsExactlyElementsOf(expected.stream().map(e -> "item-" + e[1]).toList());
    assertThat(clock.pendingTasks()).isZero();
  }

  @Test
  void concurrentDelayedAddsOnTheRealClockLoseNothing() throws Exception {
    PriorityWorkQueue<Integer> real = WorkQueue.<Integer>builder().name("real-clock").build();
    ExecutorService producers = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int base = t * 25_000;
        done.add(producers.submit(() -> {
          for (int i = 0; i < 25_000; i++) {
            real.addAfter(base + i, Duration.ofNanos(1 + (i % 3_000_000)));
          }
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
      await().atMost(Duration.ofSeconds(30)).until(() -> real.len() == 100_000);
      Set<Integer> items = new HashSet<>();
      for (Optional<Integer> next = real.poll(); next.isPresent(); next = real.poll()) {
        items.add(next.get());
      }
      assertThat(items).hasSize(100_000);
    } finally {
      producers.shutdownNow();
      real.shutDown();
    }
  }

  @Test
  void shutDownDiscardsDelayedItemsAndEndsTheQueuesOwnTimerThread() {
    StandardWorkQueue<String> own = (StandardWorkQueue<String>) WorkQueue.<String>builder().name("own-timer").build();
    assertThat(own.ownsTimerThread()).as("no thread before the first delayed add").isFalse();
    own.addAfter("a", Duration.ofHours(1));
    assertThat(own.ownsTimerThread()).isTrue();

    own.shutDown();

    assertThat(own.ownsTimerThread()).isFalse();
    assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().contains("timer[own-timer]"));
    assertThat(own.len()).isZero();
  }

  @Test
  void withASharedSchedulerTheQueueOwnsNoThread() {
    queue.addAfter("a", Duration.ofSeconds(1));

    assertThat(((StandardWorkQueue<String>) queue).ownsTimerThread()).isFalse();
    queue.shutDown();
    assertThat(clock.pendingTasks()).as("the armed timer is cancelled").isZero();
    clock.advance(Duration.ofSeconds(2));
    assertThat(queue.len()).isZero();
  }

  @Test
  void aRateLimitedAddWaitsTheLimitersDelayAndForgetRestartsTheBackoff() {
    PriorityWorkQueue<String> limited = WorkQueue.<String>builder().name("limited").clock(clock).scheduler(clock)
        .rateLimiter(RateLimiter.exponential(Duration.ofSeconds(1), Duration.ofHours(1))).build();

    limited.addRateLimited("a");
    clock.advance(Duration.ofMillis(999));
    assertThat(limited.len()).isZero();
    clock.advance(Duration.ofMillis(1));
    assertThat(QueueTesting.drain(limited)).containsExactly("a");

    limited.addRateLimited("a");
    assertThat(limited.numRequeues("a")).isEqualTo(2);
    clock.advance(Duration.ofMillis(1_999));
    assertThat(limited.len()).as("the second retry waits twice as long").isZero();
    clock.advance(Duration.ofMillis(1));
    assertThat(QueueTesting.drain(limited)).containsExactly("a");

    limited.forget("a");
    assertThat(limited.numRequeues("a")).isZero();
    limited.addRateLimited("a");
    clock.advance(Duration.ofSeconds(1));
    assertThat(QueueTesting.drain(limited)).as("forgotten: back to the first delay").containsExactly("a");

    limited.shutDown();
    limited.addRateLimited("b");
    assertThat(limited.numRequeues("b")).as("a shut-down queue does not ask its limiter").isZero();
  }

  @Test
  void retriesAreCountedForEveryDelayedAdd() {
    var registry = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
    PriorityWorkQueue<String> counted =
        WorkQueue.<String>builder().name("counted").clock(clock).scheduler(clock).meterRegistry(registry).build();

    counted.addAfter("a", Duration.ZERO);
    counted.addAfter("b", Duration.ofSeconds(1));
    counted.addRateLimited("c");

    assertThat(registry.get("workqueue_retries_total").tag("name", "counted").counter().count()).isEqualTo(3);
    counted.shutDown();
  }
}
