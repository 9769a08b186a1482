package io.informer4j.benchmarks.factory;

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
 * Events per second from the source to the queues through the shared informer factory: each
 * invocation pushes {@value #EVENTS} MODIFIED events into the watches of {@code types} informers
 * (10,000 objects in all, over 10 namespaces) and ends when the factory routed every one — to the
 * type's queue, or dropped by the tier-2 namespace filter when {@code filter} restricts nine of the
 * ten namespaces. When a run ends, a line gives the events sent to queues, dropped, and the queues'
 * adds, which shows that a dropped event costs no queue work.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+UseG1GC"})
public class FactoryRoutingBenchmark {

  /** How many MODIFIED events each invocation pushes. */
  public static final int EVENTS = 100_000;
  private static final int OBJECTS = 10_000;
  private static final Duration TIMEOUT = Duration.ofMinutes(2);

  /** A started, synced factory kept for the whole run. */
  @State(Scope.Benchmark)
  public static class Factory {
    /** How many types (informers, queues) the factory serves. */
    @Param({"1", "20"})
    public int types;

    /** {@code none}, or {@code restrict-90}: nine of ten namespaces restricted (tier 2). */
    @Param({"none", "restrict-90"})
    public String filter;

    FactoryRig rig;

    /** Builds and syncs the factory. */
    @Setup(Level.Trial)
    public void start() throws InterruptedException {
      rig = new FactoryRig(types, OBJECTS / types, "restrict-90".equals(filter));
    }

    /** Prints where the events went and shuts the factory down. */
    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
      System.out.println("routing with " + types + " types, filter " + filter + ": " + rig.summary());
      rig.close();
    }
  }

  /** Pushes {@value #EVENTS} events and waits until the factory routed them all. */
  @Benchmark
  @OperationsPerInvocation(EVENTS)
  public void route(Factory factory) throws Exception {
    factory.rig.deliver(EVENTS, TIMEOUT);
  }
}
