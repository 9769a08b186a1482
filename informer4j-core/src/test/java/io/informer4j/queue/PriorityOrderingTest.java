package io.informer4j.queue;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PriorityOrderingTest {

  private final ManualClock clock = new ManualClock();

  private PriorityWorkQueue<String> queue(QueueOrdering ordering) {
    return WorkQueue.<String>builder().clock(clock).scheduler(clock).ordering(ordering).build();
  }

  @Test
  void highestPriorityFirstThenEarliestReady() {
    PriorityWorkQueue<String> queue = queue(QueueOrdering.priority());
    queue.add("low", PriorityWorkQueue.LOW_PRIORITY);
    queue.add("normal-1");
    queue.add("high", 10);
    queue.add("normal-2");

    assertThat(QueueTesting.drain(queue)).containsExactly("high", "normal-1", "normal-2", "low");
  }

  @Test
  void aReaddKeepsTheHigherPriorityAndMovesBehindItsNewLevel() throws Exception {
    PriorityWorkQueue<String> queue = queue(QueueOrdering.priority());
    queue.add("a", PriorityWorkQueue.LOW_PRIORITY);
    queue.add("b", 5);
    queue.add("c", 5);
    queue.add("a", 5);
    queue.add("b", PriorityWorkQueue.LOW_PRIORITY);

    assertThat(QueueTesting.drain(queue)).containsExactly("b", "c", "a");
  }

  @Test
  void aRaisedItemOvertakesTheLowerOnesAheadOfItAndLaterArrivalsQueueBehindIt() {
    PriorityWorkQueue<String> queue = queue(QueueOrdering.priority());
    queue.add("a", PriorityWorkQueue.LOW_PRIORITY);
    queue.add("b", PriorityWorkQueue.LOW_PRIORITY);
    queue.add("c", PriorityWorkQueue.LOW_PRIORITY);
    queue.add("c", 5);
    queue.add("d", 5);
    queue.add("e", 5);

    assertThat(QueueTesting.drain(queue)).containsExactly("c", "d", "e", "a", "b");
  }

  @Test
  void theRequeueOnDoneUsesTheHighestPriorityAddedWhileProcessing() throws Exception {
    PriorityWorkQueue<String> queue = queue(QueueOrdering.priority());
    queue.add("a", 1);
    assertThat(queue.getWithPriority()).contains(new Prioritized<>("a", 1));
    queue.add("a", 3);
    queue.add("a", 2);
    queue.done("a");

    assertThat(queue.getWithPriority()).contains(new Prioritized<>("a", 3));
  }

  @Test
  void anAddAboveThePriorityAlreadyMarkedWhileProcessingRaisesTheRequeue() throws Exception {
    PriorityWorkQueue<String> queue = queue(QueueOrdering.priority());
    queue.add("a", 1);
    assertThat(queue.getWithPriority()).contains(new Prioritized<>("a", 1));
    queue.add("a", 2);
    queue.add("a", 2);
    queue.add("a", 4);
    queue.add("a", 3);
    queue.done("a");

    assertThat(queue.getWithPriority()).contains(new Prioritized<>("a", 4));
    assertThat(queue.len()).isZero();
  }

  @Test
  void delayedAddsKeepTheHigherPriority() throws Exception {
    PriorityWorkQueue<String> queue = queue(QueueOrdering.priority());
    queue.addAfter("a", Duration.ofSeconds(1), 7);
    queue.addAfter("a", Duration.ofSeconds(2), 9);
    queue.addAfter("b", Duration.ofSeconds(1), 8);
    clock.advance(Duration.ofSeconds(1));

    assertThat(queue.getWithPriority()).contains(new Prioritized<>("a", 9));
    assertThat(queue.getWithPriority()).contains(new Prioritized<>("b", 8));
  }

  @Test
  void extremePrioritiesTimesALongAgingStepSaturateInsteadOfOverflowing() {
    PriorityWorkQueue<String> queue = queue(QueueOrdering.priority(Duration.ofNanos(1L << 40)));
    queue.add("lowest", Integer.MIN_VALUE);
    queue.add("normal");
    queue.add("highest", Integer.MAX_VALUE);
    queue.add("low", -(1 << 20));
    queue.add("high", 1 << 20);

    assertThat(QueueTesting.drain(queue)).containsExactly("highest", "high", "normal", "low", "lowest");
  }

  @Test
  void fifoOrderingCarriesPrioritiesWithoutReordering() throws Exception {
    PriorityWorkQueue<String> queue = queue(QueueOrdering.fifo());
    queue.add("low", PriorityWorkQueue.LOW_PRIORITY);
    queue.add("high", 10);
    queue.add("low", 4);

    assertThat(queue.getWithPriority()).contains(new Prioritized<>("low", 4));
    assertThat(queue.getWithPriority()).contains(new Prioritized<>("high", 10));
  }

  /**
   * A steady stream of priority-0 items, two added per item handed out, always outnumbers what the
   * worker takes. The aging bound says the low-priority item (-100) is handed out before any item
   * that became ready more than 100 aging steps after it.
   */
  @Test
  void agingBoundsHowLongAStreamOfNormalItemsCanDelayALowPriorityOne() {
    Duration step = Duration.ofMillis(10);
    PriorityWorkQueue<String> queue = queue(QueueOrdering.priority(step));
    long start = clock.nanoTime();
    queue.add("initial-list", PriorityWorkQueue.LOW_PRIORITY);
    long bound = start + 100 * step.toNanos();

    List<Long> readyTimesHandedOutBefore = new ArrayList<>();
    boolean lowHandedOut = false;
    for (int tick = 0; tick < 10_000 && !lowHandedOut; tick++) {
      String next = streamTick(queue, tick);
      if (next.equals("initial-list")) {
        lowHandedOut = true;
      } else {
        readyTimesHandedOutBefore.add(readyTime(next, start));
      }
    }

    assertThat(lowHandedOut).as("the low-priority item is not starved").isTrue();
    assertThat(readyTimesHandedOutBefore).allMatch(ready -> ready <= bound);
    assertThat(queue.len()).as("the stream kept the queue busy throughout").isGreaterThan(500);
  }

  /** One millisecond of the stream: two normal items arrive, the worker takes and finishes one. */
  private String streamTick(PriorityWorkQueue<String> queue, int tick) {
    clock.advance(Duration.ofMillis(1));
    queue.add("n-" + tick + "-a");
    queue.add("n-" + tick + "-b");
    String next = queue.poll().orElseThrow();
    queue.done(next);
    return next;
  }

  /** The n-th tick's items became ready at start + (n+1) ms. */
  private static long readyTime(String item, long start) {
    int tick = Integer.parseInt(item.substring(2, item.lastIndexOf('-')));
    return start + Duration.ofMillis(tick + 1L).toNanos();
  }

  @Test
  void withoutMeaningfulAgingTheStreamWouldStarveTheLowItem() {
    PriorityWorkQueue<String> queue = queue(QueueOrdering.priority(Duration.ofDays(365)));
    queue.add("initial-list", PriorityWorkQueue.LOW_PRIORITY);

    for (int tick = 0; tick < 5_000; tick++) {
      assertThat(streamTick(queue, tick)).isNotEqualTo("initial-list");
    }
  }
}
