package io.informer4j.benchmarks.queue;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
 * The cost of {@code addAfter} with 100k items already waiting: each invocation starts from a fresh
 * queue holding 100k delayed items (an hour away) and adds {@value #BURST} more, each with its own
 * delay. For client-java the 100k are fed in chunks its 1000-slot hand-off can absorb, so they are
 * really pending; the measured burst goes through that hand-off as users' calls would (past 1000
 * unconsumed entries its {@code offer} fails and the item is silently dropped).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DelayingQueueAddAfterBenchmark {

  private static final int PENDING = 100_000;
  private static final int BURST = 10_000;
  private static final Duration HOUR = Duration.ofHours(1);

  @Param({"informer4j", "client-java"})
  public String queue;

  private ExecutorService clientJavaTimer;
  private QueueUnderTest under;
  private Duration[] delays;

  @Setup(Level.Trial)
  public void setUpTrial() {
    clientJavaTimer = Executors.newCachedThreadPool();
    delays = new Duration[BURST];
    for (int i = 0; i < BURST; i++) {
      delays[i] = HOUR.plusMillis(BURST - i);
    }
  }

  @Setup(Level.Invocation)
  public void fillQueue() throws InterruptedException {
    under = QueueUnderTest.create(queue, clientJavaTimer);
    for (int i = 0; i < PENDING; i++) {
      under.addAfter("pending-" + i, HOUR.plusMillis(i));
      if (i % 500 == 499) {
        while (under.pendingHandOff() > 0) {
          Thread.onSpinWait();
        }
      }
    }
  }

  @TearDown(Level.Invocation)
  public void shutDown() {
    under.shutDown();
  }

  @TearDown(Level.Trial)
  public void tearDownTrial() {
    clientJavaTimer.shutdownNow();
  }

  @Benchmark
  @OperationsPerInvocation(BURST)
  public void addAfterAt100kPending() {
    for (int i = 0; i < BURST; i++) {
      under.addAfter(i, delays[i]);
    }
  }
}
