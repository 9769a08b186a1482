package io.informer4j.benchmarks.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * add/get/done throughput: {@code threads} producers add {@value #ADDS} items in total while
 * {@code threads} workers take and finish them; each invocation ends when every worker has taken
 * its end marker, added after the last producer finished. The score is adds per second, the
 * coordination of the batch included. {@code keys=unique} adds distinct items (every add is
 * processed); {@code keys=10} adds only 10 distinct items (heavy duplication: most adds coalesce).
 * {@code queue=jdk-floor} is not a work queue but the floor of the JDK collections it could be
 * built from ({@link QueueUnderTest.JdkFloor}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class WorkQueueThroughputBenchmark {

  private static final int ADDS = 80_000;

  @Param({"informer4j", "client-java", "jdk-floor"})
  public String queue;

  @Param({"1", "4", "8"})
  public int threads;

  @Param({"unique", "10"})
  public String keys;

  private ExecutorService pool;
  private ExecutorService clientJavaTimer;
  private QueueUnderTest under;
  private Object[] items;
  private long round;

  /** An item no producer adds: tells one worker to end its batch. */
  private record EndMarker(long round, int worker) {
  }

  @Setup(Level.Trial)
  public void setUp() {
    pool = Executors.newFixedThreadPool(2 * threads);
    clientJavaTimer = Executors.newCachedThreadPool();
    under = QueueUnderTest.create(queue, clientJavaTimer);
    items = new Object[ADDS];
    for (int i = 0; i < ADDS; i++) {
      items[i] = "unique".equals(keys) ? "ns/object-" + i : "ns/object-" + (i % Integer.parseInt(keys));
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    under.shutDown();
    pool.shutdownNow();
    clientJavaTimer.shutdownNow();
  }

  @Benchmark
  @OperationsPerInvocation(ADDS)
  public void addGetDone() throws Exception {
    long thisRound = round++;
    CountDownLatch go = new CountDownLatch(1);
    List<Future<?>> producers = new ArrayList<>(threads);
    List<Future<?>> workers = new ArrayList<>(threads);
    int share = ADDS / threads;
    for (int p = 0; p < threads; p++) {
      int from = p * share;
      int to = p == threads - 1 ? ADDS : from + share;
      producers.add(pool.submit(() -> {
        go.await();
        for (int i = from; i < to; i++) {
          under.add(items[i]);
        }
        return null;
      }));
    }
    for (int w = 0; w < threads; w++) {
      workers.add(pool.submit(() -> {
        go.await();
        while (true) {
          Object item = under.get();
          under.done(item);
          if (item instanceof EndMarker marker && marker.round() == thisRound) {
            return null;
          }
        }
      }));
    }
    go.countDown();
    for (Future<?> producer : producers) {
      producer.get();
    }
    for (int w = 0; w < threads; w++) {
      under.add(new EndMarker(thisRound, w));
    }
    for (Future<?> worker : workers) {
      worker.get();
    }
  }
}
