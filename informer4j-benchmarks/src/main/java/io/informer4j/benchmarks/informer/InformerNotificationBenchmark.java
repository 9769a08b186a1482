package io.informer4j.benchmarks.informer;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Notification throughput: an informer synced on {@value #OBJECTS} ConfigMaps gets
 * {@value #UPDATES} MODIFIED events pushed through its watch per invocation; the invocation ends
 * when every one of {@code handlers} handlers has received all of them. The score is events per
 * second, which is also each handler's rate (every handler receives every event); all handlers
 * together receive {@code handlers} times as many notifications ({@code deliveries}, per second).
 *
 * <p>{@code library} runs informer4j and the official Kubernetes Java client side by side. When a
 * run ends, a line starting {@code threads} gives the most live {@code informer4j-*} threads and JVM
 * threads started (since before the informer was built) seen at the end of an invocation.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+UseG1GC"})
public class InformerNotificationBenchmark {

  /** How many objects the informer caches. */
  public static final int OBJECTS = 10_000;
  /** How many MODIFIED events each invocation pushes. */
  public static final int UPDATES = 200_000;
  private static final Duration TIMEOUT = Duration.ofMinutes(5);

  /** A started, synced, watching informer with its handlers, kept for the whole run. */
  @State(Scope.Benchmark)
  public static class Informer {
    /** Which informer runs: {@value InformerRig#INFORMER4J} or {@value InformerRig#CLIENT_JAVA}. */
    @Param({InformerRig.INFORMER4J, InformerRig.CLIENT_JAVA})
    public String library;

    /** How many handlers each event goes to. */
    @Param({"1", "4", "16"})
    public int handlers;

    InformerRig rig;
    final ThreadUsage threads = new ThreadUsage();

    /** Builds the objects and two generations of updates, starts the informer and waits until it watches. */
    @Setup(Level.Trial)
    public void start() throws Exception {
      rig = InformerRig.create(library, ConfigMapWorkload.create(OBJECTS, 2, 42), handlers);
      rig.start();
      rig.awaitInitialAdds(TIMEOUT);
      rig.awaitWatching(TIMEOUT);
    }

    /** Prints the threads used, stops the informer and checks its threads ended. */
    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
      System.out.println("threads of " + library + " with " + handlers + " handlers: " + threads.summary());
      try {
        rig.verifyCache(OBJECTS);
      } finally {
        rig.close();
      }
    }
  }

  /** Totals JMH reports next to the score. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Deliveries {
    /** Notifications received by all handlers together. */
    public long deliveries;

    /** Resets the total for the iteration. */
    @Setup(Level.Iteration)
    public void reset() {
      deliveries = 0;
    }
  }

  /** Pushes {@value #UPDATES} MODIFIED events and waits until every handler received them. */
  @Benchmark
  @OperationsPerInvocation(UPDATES)
  public void deliverUpdates(Informer informer, Deliveries deliveries) throws Exception {
    informer.rig.deliverUpdates(UPDATES, TIMEOUT);
    deliveries.deliveries += (long) UPDATES * informer.handlers;
    informer.threads.record(informer.rig);
  }
}
