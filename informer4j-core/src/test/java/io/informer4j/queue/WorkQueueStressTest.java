package io.informer4j.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * 8 threads × 100k operations on one queue. Each thread adds random keys and processes what it
 * takes; the test checks the two client-go invariants: an item is never held by two workers at
 * once, and every add is followed by a processing of its key (no add lost). Failures print the
 * seed; rerun with {@code -Dinformer4j.test.seed=<seed>}.
 */
class WorkQueueStressTest {

  private static final long SEED = Long.getLong("informer4j.test.seed", 42L);
  private static final int THREADS = 8;
  private static final int OPS_PER_THREAD = 100_000;
  private static final int KEYS = 1_000;

  private final ExecutorService threads = Executors.newFixedThreadPool(THREADS);

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  @Test
  void noItemIsProcessedTwiceAtOnceAndNoAddIsLost() throws Exception {
    PriorityWorkQueue<Integer> queue = WorkQueue.<Integer>builder().name("stress").build();
    AtomicIntegerArray holder = new AtomicIntegerArray(KEYS);
    AtomicLongArray addedVersion = new AtomicLongArray(KEYS);
    AtomicLongArray processedVersion = new AtomicLongArray(KEYS);
    ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
    CountDownLatch go = new CountDownLatch(1);
    List<Future<?>> runs = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      int worker = t + 1;
      Random random = new Random(SEED + t);
      runs.add(threads.submit(() -> {
        go.await();
        for (int op = 0; op < OPS_PER_THREAD; op++) {
          if (random.nextBoolean()) {
            int key = random.nextInt(KEYS);
            addedVersion.incrementAndGet(key);
            queue.add(key);
          } else {
            queue.poll().ifPresent(key -> process(queue, key, worker, holder, addedVersion, processedVersion, violations));
          }
        }
        return null;
      }));
    }
    go.countDown();
    for (Future<?> run : runs) {
      run.get();
    }
    for (Optional<Integer> key = queue.poll(); key.isPresent(); key = queue.poll()) {
      process(queue, key.get(), -1, holder, addedVersion, processedVersion, violations);
    }

    assertThat(violations).as("seed %d", SEED).isEmpty();
    for (int key = 0; key < KEYS; key++) {
      assertThat(processedVersion.get(key)).as("seed %d: key %d processed after its last add", SEED, key)
          .isEqualTo(addedVersion.get(key));
    }
    queue.shutDown();
  }

  private static void process(PriorityWorkQueue<Integer> queue, int key, int worker, AtomicIntegerArray holder,
      AtomicLongArray addedVersion, AtomicLongArray processedVersion, ConcurrentLinkedQueue<String> violations) {
    if (!holder.compareAndSet(key, 0, worker)) {
      violations.add("key " + key + " handed to worker " + worker + " while worker " + holder.get(key) + " held it");
    }
    processedVersion.accumulateAndGet(key, addedVersion.get(key), Math::max);
    holder.set(key, 0);
    queue.done(key);
  }

  /**
   * Rounds of: workers take up to 8 items and block; the queue is drained while they hold them;
   * the items are released in a random order. The drain must not return before the last done.
   */
  @Test
  void shutDownWithDrainReturnsOnlyWhenInFlightItemsAreDone() throws Exception {
    Random random = new Random(SEED);
    for (int round = 0; round < 200; round++) {
      PriorityWorkQueue<Integer> queue = WorkQueue.<Integer>builder().name("drain").build();
      int items = 1 + random.nextInt(THREADS);
      List<CountDownLatch> releases = new ArrayList<>();
      CountDownLatch taken = new CountDownLatch(items);
      AtomicInteger doneCalls = new AtomicInteger();
      for (int i = 0; i < items; i++) {
        queue.add(i);
        CountDownLatch release = new CountDownLatch(1);
        releases.add(release);
        threads.submit(() -> {
          int item = queue.get().orElseThrow();
          taken.countDown();
          releases.get(item).await();
          doneCalls.incrementAndGet();
          queue.done(item);
          return null;
        });
      }
      taken.await();
      CompletableFuture<Boolean> drained = QueueTesting.async(() -> queue.shutDownWithDrain(Duration.ofMinutes(1)));
      List<CountDownLatch> order = new ArrayList<>(releases);
      Collections.shuffle(order, random);
      for (CountDownLatch release : order.subList(0, items - 1)) {
        release.countDown();
      }
      assertThat(drained).as("seed %d round %d: an item is still in flight", SEED, round).isNotDone();
      order.get(items - 1).countDown();

      assertThat(drained.get()).as("seed %d round %d", SEED, round).isTrue();
      assertThat(doneCalls.get()).as("seed %d round %d", SEED, round).isEqualTo(items);
    }
  }
}
