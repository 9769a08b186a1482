package io.informer4j.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WorkQueueTest {

  private final PriorityWorkQueue<String> queue = WorkQueue.<String>builder().name("test").build();

  @AfterEach
  void shutDown() {
    queue.shutDown();
  }

  @Test
  void anItemWaitingIsQueuedOnlyOnce() {
    assertThat(queue.add("a")).isTrue();
    assertThat(queue.add("b")).isTrue();
    assertThat(queue.add("a")).isTrue();

    assertThat(queue.len()).isEqualTo(2);
    assertThat(queue.poll()).contains("a");
    assertThat(queue.poll()).contains("b");
    assertThat(queue.poll()).isEmpty();
  }

  @Test
  void anAddWhileProcessingIsDeferredUntilDoneAndCoalesced() {
    queue.add("a");
    assertThat(queue.poll()).contains("a");

    queue.add("a");
    queue.add("a");

    assertThat(queue.len()).isZero();
    assertThat(queue.poll()).as("never handed to a second worker while processing").isEmpty();
    queue.done("a");
    assertThat(queue.len()).isEqualTo(1);
    assertThat(queue.poll()).contains("a");
    queue.done("a");
    assertThat(queue.poll()).as("processed once more, not once per add").isEmpty();
  }

  @Test
  void doneForAnItemNotBeingProcessedChangesNothing() {
    queue.add("a");
    queue.done("a");
    queue.done("unknown");

    assertThat(queue.len()).isEqualTo(1);
    assertThat(queue.poll()).contains("a");
  }

  @Test
  void getBlocksUntilAnItemIsAdded() throws Exception {
    AtomicReference<Optional<String>> taken = new AtomicReference<>();
    Thread waiter = waitingGet(taken);

    queue.add("a");

    waiter.join();
    assertThat(taken.get()).contains("a");
  }

  /** Starts a thread that takes from the queue into {@code taken}; returns once it waits for an item. */
  private Thread waitingGet(AtomicReference<Optional<String>> taken) {
    Thread waiter = new Thread(() -> {
      try {
        taken.set(queue.get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    waiter.start();
    await().atMost(Duration.ofMinutes(1)).until(() -> waiter.getState() == Thread.State.WAITING);
    return waiter;
  }

  @Test
  void getWithTimeoutReturnsEmptyWhenNothingArrives() throws Exception {
    assertThat(queue.get(Duration.ofMillis(20))).isEmpty();
    assertThat(queue.get(Duration.ZERO)).isEmpty();
    queue.add("a");
    assertThat(queue.get(Duration.ofMillis(20))).contains("a");
  }

  @Test
  void getWithPriorityAndATimeoutReturnsTheItemAndItsPriorityOrEmpty() throws Exception {
    assertThat(queue.getWithPriority(Duration.ofMillis(20))).isEmpty();
    queue.add("a", 3);

    assertThat(queue.getWithPriority(Duration.ofMillis(20))).contains(new Prioritized<>("a", 3));
  }

  @Test
  void aNegativeTimeoutWaitsNotAtAll() throws Exception {
    assertThat(queue.get(Duration.ofSeconds(-1))).isEmpty();
    assertThat(queue.getWithPriority(Duration.ofSeconds(-1))).isEmpty();
    queue.add("busy");
    queue.poll();

    assertThat(queue.shutDownWithDrain(Duration.ofSeconds(-1))).as("still in flight").isFalse();
  }

  @Test
  void anInterruptedGetTakesNothing() throws Exception {
    AtomicReference<Throwable> outcome = new AtomicReference<>();
    Thread waiter = new Thread(() -> {
      try {
        outcome.set(new AssertionError("got " + queue.get()));
      } catch (InterruptedException e) {
        outcome.set(e);
      }
    });
    waiter.start();
    await().until(() -> waiter.getState() == Thread.State.WAITING);

    waiter.interrupt();
    waiter.join();
    queue.add("a");

    assertThat(outcome.get()).isInstanceOf(InterruptedException.class);
    assertThat(queue.poll()).contains("a");
  }

  @Test
  void shutDownIgnoresAddsButStillHandsOutQueuedItems() throws Exception {
    queue.add("a");
    queue.shutDown();

    assertThat(queue.isShuttingDown()).isTrue();
    assertThat(queue.add("b")).isFalse();
    assertThat(queue.get()).contains("a");
    assertThat(queue.get()).as("empty and shut down: returns at once").isEmpty();
    assertThat(queue.get(Duration.ofDays(1))).isEmpty();
  }

  @Test
  void shutDownWakesWaitingGets() throws Exception {
    AtomicReference<Optional<String>> taken = new AtomicReference<>();
    Thread waiter = waitingGet(taken);
    assertThat(queue.isShuttingDown()).isFalse();

    queue.shutDown();

    waiter.join();
    assertThat(taken.get()).isEmpty();
  }

  @Test
  void anItemRequeuedByDoneCountsAsInFlightOnlyWhileProcessed() throws Exception {
    queue.add("a");
    queue.poll();
    queue.add("a");
    queue.done("a");
    assertThat(queue.poll()).contains("a");
    queue.done("a");

    assertThat(queue.shutDownWithDrain(Duration.ZERO)).as("nothing left in flight").isTrue();
  }

  @Test
  void anItemDirtiedBeforeShutdownIsRequeuedByDone() {
    queue.add("a");
    queue.poll();
    queue.add("a");
    queue.shutDown();

    queue.done("a");

    assertThat(queue.poll()).contains("a");
  }

  @Test
  void shutDownWithDrainWaitsForInFlightItemsOnly() throws Exception {
    queue.add("busy");
    queue.add("never-taken");
    assertThat(queue.poll()).contains("busy");
    CountDownLatch draining = new CountDownLatch(1);
    CompletableFuture<Boolean> drained = QueueTesting.async(() -> {
      draining.countDown();
      return queue.shutDownWithDrain(Duration.ofMinutes(1));
    });
    draining.await();
    await().until(queue::isShuttingDown);
    assertThat(drained).isNotDone();

    queue.done("busy");

    assertThat(drained.get()).isTrue();
  }

  @Test
  void shutDownWithDrainTimesOutWhileAnItemIsProcessed() throws Exception {
    queue.add("busy");
    queue.poll();

    assertThat(queue.shutDownWithDrain(Duration.ofMillis(10))).isFalse();
  }

  @Test
  void aLaterShutDownCancelsTheDrainWait() throws Exception {
    queue.add("busy");
    queue.poll();
    CompletableFuture<Boolean> drain = QueueTesting.async(() -> {
      queue.shutDownWithDrain();
      return true;
    });
    await().until(queue::isShuttingDown);

    queue.shutDown();

    drain.get();
    assertThat(drain).isCompleted();
  }

  @Test
  void shutDownWithDrainOnAnIdleQueueReturnsAtOnce() throws Exception {
    queue.shutDownWithDrain();

    assertThat(queue.isShuttingDown()).isTrue();
    assertThat(queue.shutDownWithDrain(Duration.ZERO)).isTrue();
  }

  @Test
  void nullItemsAreRejected() {
    assertThatThrownBy(() -> queue.add(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> queue.addAfter(null, Duration.ZERO)).isInstanceOf(NullPointerException.class);
  }
}
