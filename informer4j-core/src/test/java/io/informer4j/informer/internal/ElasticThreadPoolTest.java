package io.informer4j.informer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TransferQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ElasticThreadPool}: threads only when all are busy (and, with a start delay, only for work
 * that waited that long), bounded, nothing lost, idle threads end.
 */
class ElasticThreadPoolTest {

  private final AtomicInteger started = new AtomicInteger();
  private final ThreadFactory factory = task -> {
    started.incrementAndGet();
    Thread thread = new Thread(task, "elastic-test");
    thread.setDaemon(true);
    return thread;
  };
  private final List<ElasticThreadPool> pools = new ArrayList<>();
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

  @AfterEach
  void tearDown() throws InterruptedException {
    for (ElasticThreadPool pool : pools) {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }
    timer.shutdownNow();
  }

  private ElasticThreadPool pool(int maxThreads, Duration keepAlive) {
    return pool(maxThreads, keepAlive, Duration.ZERO);
  }

  private ElasticThreadPool pool(int maxThreads, Duration keepAlive, Duration startDelay) {
    ElasticThreadPool pool = ElasticThreadPool.create(maxThreads, keepAlive, factory, startDelay, timer);
    pools.add(pool);
    return pool;
  }

  @Test
  void tasksOneAfterAnotherRunOnOneThread() {
    ElasticThreadPool pool = pool(4, Duration.ofMinutes(1));
    AtomicInteger ran = new AtomicInteger();
    for (int i = 1; i <= 50; i++) {
      pool.execute(ran::incrementAndGet);
      int expected = i;
      await().pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1))
          .until(() -> ran.get() == expected && pool.getActiveCount() == 0
              && ((TransferQueue<Runnable>) pool.getQueue()).hasWaitingConsumer());
    }
    assertThat(started).hasValue(1);
    assertThat(pool.getLargestPoolSize()).isEqualTo(1);
  }

  @ParameterizedTest(name = "start delay {0} ms")
  @ValueSource(longs = {0, 5})
  void busyThreadsMakeNewOnesUpToTheMaximumAndTheRestWaitsWithoutLoss(long startDelayMillis) {
    ElasticThreadPool pool = pool(3, Duration.ofMinutes(1), Duration.ofMillis(startDelayMillis));
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger ran = new AtomicInteger();
    for (int i = 0; i < 10; i++) {
      pool.execute(() -> {
        awaitQuietly(release);
        ran.incrementAndGet();
      });
    }
    await().until(() -> pool.getActiveCount() == 3);
    assertThat(pool.getPoolSize()).isEqualTo(3);
    assertThat(pool.getQueue()).hasSize(7);

    release.countDown();

    await().until(() -> ran.get() == 10);
    assertThat(started).hasValue(3);
  }

  @Test
  void withAStartDelayWorkHandedOnByAFinishingTaskRunsOnTheSameThread() {
    ElasticThreadPool pool = pool(4, Duration.ofMinutes(1), Duration.ofMinutes(1));
    AtomicInteger stage = new AtomicInteger();
    pool.execute(() -> {
      stage.set(1);
      pool.execute(() -> pool.execute(() -> stage.set(3)));
      stage.compareAndSet(1, 2);
    });

    await().until(() -> stage.get() == 3);

    assertThat(started).hasValue(1);
  }

  @Test
  void withAStartDelayWorkBehindABlockedThreadGetsANewThread() {
    ElasticThreadPool pool = pool(4, Duration.ofMinutes(1), Duration.ofMillis(10));
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger ran = new AtomicInteger();
    pool.execute(() -> awaitQuietly(release));
    await().until(() -> pool.getActiveCount() == 1);

    pool.execute(ran::incrementAndGet);
    pool.execute(ran::incrementAndGet);

    await().until(() -> ran.get() == 2);
    assertThat(release.getCount()).isEqualTo(1);
    assertThat(started.get()).isBetween(2, 3);
    release.countDown();
  }

  @Test
  void aStartDelayNeedsATimerAndNoDelayIsNegative() {
    assertThatThrownBy(() -> ElasticThreadPool.create(1, Duration.ofSeconds(1), factory, Duration.ofMillis(1), null))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> ElasticThreadPool.create(1, Duration.ofSeconds(1), factory, Duration.ofMillis(-1), timer))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aStoppedTimerStopsAddingThreadsButWorkStillRunsOnTheThreadsThereAre() {
    ElasticThreadPool pool = pool(4, Duration.ofMinutes(1), Duration.ofMillis(1));
    timer.shutdownNow();
    AtomicInteger ran = new AtomicInteger();
    for (int i = 0; i < 100; i++) {
      pool.execute(ran::incrementAndGet);
    }

    await().until(() -> ran.get() == 100);
  }

  @Test
  void idleThreadsEndAfterTheKeepAliveAndComeBackOnDemand() {
    ElasticThreadPool pool = pool(2, Duration.ofMillis(50));
    AtomicInteger ran = new AtomicInteger();
    pool.execute(ran::incrementAndGet);
    pool.execute(ran::incrementAndGet);
    await().until(() -> ran.get() == 2 && pool.getPoolSize() == 0);

    pool.execute(ran::incrementAndGet);

    await().until(() -> ran.get() == 3);
  }

  @Test
  void afterShutdownTasksAreRejected() {
    ElasticThreadPool pool = pool(2, Duration.ofMinutes(1));
    pool.shutdown();
    assertThatThrownBy(() -> pool.execute(() -> { })).isInstanceOf(RejectedExecutionException.class);
  }

  @Test
  void badSettingsAreRefused() {
    assertThatThrownBy(() -> ElasticThreadPool.create(0, Duration.ofSeconds(1), factory))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ElasticThreadPool.create(1, Duration.ZERO, factory))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * 8 submitting threads, 10,000 tasks each, of random short durations, some submitted from inside
   * tasks, with a keep-alive so short that threads end and start all along, without and with a
   * start delay: every task runs exactly once and the pool never exceeds its maximum. The seed is
   * printed for a failing run to be redone.
   */
  @ParameterizedTest(name = "start delay {0} ns")
  @ValueSource(longs = {0, 100_000})
  void underRandomConcurrentLoadEveryTaskRunsExactlyOnceWithinTheMaximum(long startDelayNanos) throws InterruptedException {
    long seed = Long.getLong("elastic.seed", 20261130L);
    int submitters = 8;
    int perSubmitter = 10_000;
    ElasticThreadPool pool = pool(4, Duration.ofNanos(200_000), Duration.ofNanos(startDelayNanos));
    AtomicIntegerArray runs = new AtomicIntegerArray(submitters * perSubmitter * 2);
    List<Thread> threads = new ArrayList<>();
    for (int s = 0; s < submitters; s++) {
      Random random = new Random(seed + s);
      int base = s * perSubmitter * 2;
      Thread submitter = new Thread(() -> {
        for (int i = 0; i < perSubmitter; i++) {
          int id = base + 2 * i;
          long work = random.nextInt(4) == 0 ? random.nextInt(20_000) : 0;
          boolean nested = random.nextInt(16) == 0;
          pool.execute(() -> {
            runs.incrementAndGet(id);
            if (work > 0) {
              LockSupport.parkNanos(work);
            }
            if (nested) {
              pool.execute(() -> runs.incrementAndGet(id + 1));
            } else {
              runs.incrementAndGet(id + 1);
            }
          });
          if (random.nextInt(100) == 0) {
            LockSupport.parkNanos(random.nextInt(500_000));
          }
        }
      });
      submitter.start();
      threads.add(submitter);
    }
    for (Thread thread : threads) {
      thread.join();
    }
    await().atMost(Duration.ofSeconds(60)).until(() -> allRanOnce(runs));

    assertThat(pool.getLargestPoolSize()).as("seed %d", seed).isLessThanOrEqualTo(4);
    for (int i = 0; i < runs.length(); i++) {
      assertThat(runs.get(i)).as("task %d, seed %d", i, seed).isEqualTo(1);
    }
  }

  private static boolean allRanOnce(AtomicIntegerArray runs) {
    for (int i = 0; i < runs.length(); i++) {
      if (runs.get(i) != 1) {
        return false;
      }
    }
    return true;
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
