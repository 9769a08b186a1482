package io.informer4j.benchmarks.informer;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
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
 * Ingest: how many objects per second an informer takes from a list into its cache and through one
 * handler. Each invocation builds a fresh informer (untimed) over {@value #OBJECTS} prebuilt
 * ConfigMaps, then times {@code start()} until the handler has received every add and the informer
 * (and the handler's registration, where the library has one) reports synced; the informer is then
 * stopped and every thread it started must have ended (untimed). The score is objects per second.
 *
 * <p>{@code library} runs informer4j and the official Kubernetes Java client side by side on the
 * same objects. When a run ends, a line starting {@code threads} gives the most live
 * {@code informer4j-*} threads and JVM threads started that an ingest used, counted right after it.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+UseG1GC"})
public class InformerIngestBenchmark {

  /** How many objects each ingest lists. */
  public static final int OBJECTS = 100_000;
  private static final Duration TIMEOUT = Duration.ofMinutes(2);

  /** The prebuilt objects, shared by every invocation, and the library under test. */
  @State(Scope.Benchmark)
  public static class Workload {
    /** Which informer runs: {@value InformerRig#INFORMER4J} or {@value InformerRig#CLIENT_JAVA}. */
    @Param({InformerRig.INFORMER4J, InformerRig.CLIENT_JAVA})
    public String library;

    ConfigMapWorkload objects;
    final ThreadUsage threads = new ThreadUsage();

    /** Builds the objects once. */
    @Setup(Level.Trial)
    public void build() {
      objects = ConfigMapWorkload.create(OBJECTS, 0, 42);
    }

    /** Prints the threads the ingests used. */
    @TearDown(Level.Trial)
    public void report() {
      System.out.println("threads of " + library + " ingest: " + threads.summary());
    }
  }

  /** One informer, fresh for every invocation. */
  @State(Scope.Thread)
  public static class Ingest {
    InformerRig rig;

    /** Builds the informer and its handler, not started. */
    @Setup(Level.Invocation)
    public void build(Workload workload) {
      rig = InformerRig.create(workload.library, workload.objects, 1);
    }

    /**
     * Checks the cache, stops the informer, checks its threads ended, and collects the garbage so
     * the next invocation starts from a clean heap.
     */
    @TearDown(Level.Invocation)
    public void stop() throws InterruptedException {
      try {
        rig.verifyCache(OBJECTS);
      } finally {
        rig.close();
        rig = null;
      }
      System.gc();
    }
  }

  /**
   * Lists {@value #OBJECTS} objects into the cache and through one handler, then counts threads
   * (a few microseconds, against the tenths of a second of an ingest).
   */
  @Benchmark
  @OperationsPerInvocation(OBJECTS)
  public void ingest(Workload workload, Ingest ingest) throws Exception {
    ingest.rig.start();
    ingest.rig.awaitInitialAdds(TIMEOUT);
    workload.threads.record(ingest.rig);
  }
}
