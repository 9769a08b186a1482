package io.informer4j.benchmarks.memory;

import io.informer4j.informer.EventHandler;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SharedStrings;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.InformerSpec;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.ListOptions;
import io.informer4j.reader.MapEntry;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * A million objects in one JVM on the simulated API: the API holding them, an informers map caching
 * them, a burst of updates and reads through the cache reader, all within the heap given (run it
 * with {@code -Xmx1g}). Objects are ConfigMap-like: 100 namespaces, two labels, a body of three
 * data keys (about 300 bytes of JSON each). The simulated API and the cache share the immutable
 * objects, as any in-process source may.
 *
 * <p>Prints the time to sync, the heap in use after a full collection once synced, the burst's rate,
 * the reads' rates and the most heap in use at any sample (every millisecond).
 *
 * <p>Arguments: {@code <objects> <burst events> <reads>}.
 */
public final class MillionObjects {

  private static final TypeKey CONFIG_MAPS = TypeKey.of("", "v1", "ConfigMap");
  private static final int NAMESPACES = 100;
  private static final Duration WAIT = Duration.ofMinutes(10);

  private MillionObjects() {
  }

  /** Runs it; see the class comment. */
  public static void main(String[] args) throws Exception {
    int objects = Integer.parseInt(args[0]);
    int burst = Integer.parseInt(args[1]);
    int reads = Integer.parseInt(args[2]);
    AtomicLong peak = samplePeakHeap();
    try (SimulatedApi api = SimulatedApi.builder().historyLimit(burst + 10_000).type(CONFIG_MAPS, Scope.NAMESPACED)
        .build()) {
      long start = System.nanoTime();
      for (int i = 0; i < objects; i++) {
        api.create(CONFIG_MAPS, object(i, 0));
      }
      System.out.printf("stored %,d objects in %d ms; heap in use %s%n", objects, millisSince(start), mib(settledHeap()));
      ObjectType<SimObject> type = api.type(CONFIG_MAPS);
      try (InformersMap map = InformersMap.builder(api).build()) {
        MapEntry<SimObject> entry = map.register(type, InformerSpec.all(), WAIT);
        LongAdder updates = new LongAdder();
        entry.informer().addEventHandler(new EventHandler<>() {
          @Override
          public void onUpdate(SimObject oldObject, SimObject newObject) {
            updates.increment();
          }
        });
        long syncStart = System.nanoTime();
        map.start();
        if (!map.waitForCacheSync(WAIT)) {
          throw new IllegalStateException("the cache did not sync");
        }
        System.out.printf("synced %,d objects in %d ms; heap in use %s%n", entry.informer().indexer().size(),
            millisSince(syncStart), mib(settledHeap()));

        long burstStart = System.nanoTime();
        for (int i = 0; i < burst; i++) {
          api.update(CONFIG_MAPS, object(i * (objects / burst), 1));
        }
        while (updates.sum() < burst) {
          LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        double burstSeconds = (System.nanoTime() - burstStart) / 1e9;
        System.out.printf("burst: %,d updates written and seen by a handler in %.2f s (%,.0f/s)%n", burst, burstSeconds,
            burst / burstSeconds);

        CacheReader<SimObject> reader = map.reader(type);
        SplittableRandom random = new SplittableRandom(42);
        long readStart = System.nanoTime();
        for (int i = 0; i < reads; i++) {
          int index = random.nextInt(objects);
          reader.get(ObjectKey.of("ns-" + (index % NAMESPACES), "cm-" + index));
        }
        double getMicros = (System.nanoTime() - readStart) / 1e3 / reads;
        ListOptions oneNamespace = ListOptions.inNamespace("ns-7").withLabels(LabelSelector.parse("shard=shard-3"));
        long listStart = System.nanoTime();
        int listed = 0;
        for (int i = 0; i < 100; i++) {
          listed = reader.list(oneNamespace).items().size();
        }
        double listMillis = (System.nanoTime() - listStart) / 1e6 / 100;
        System.out.printf("reads: get %.2f µs each (%,d random keys); list of one namespace by label %.2f ms (%,d objects)%n",
            getMicros, reads, listMillis, listed);
        System.out.printf("heap in use after the burst %s; most ever used %s of %s%n", mib(settledHeap()),
            mib(peak.get()), mib(Runtime.getRuntime().maxMemory()));
        map.stop(Duration.ofSeconds(30));
      }
    }
  }

  /**
   * Object {@code i} at {@code generation}: namespace {@code ns-(i % 100)}, labels, three data keys.
   * Values that repeat from object to object are one instance each, as a decoder that shares them
   * would make them.
   */
  static SimObject object(int i, int generation) {
    return SimObject.of(shared("ns-" + (i % NAMESPACES)), "cm-" + i)
        .withLabel("app", shared("app-" + (i % 50))).withLabel("shard", shared("shard-" + (i % 16)))
        .withContent(Map.of("data", Map.of("mode", generation == 0 ? "fast" : "safe",
            "endpoint", shared("https://service-" + (i % 200) + ".example.com:8443/v1"),
            "owner", shared("team-" + (i % 30)))));
  }

  private static String shared(String value) {
    return SharedStrings.of(value);
  }

  private static long millisSince(long start) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
  }

  private static long settledHeap() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** Starts a daemon sampling the heap in use every millisecond; returns the highest sample so far. */
  private static AtomicLong samplePeakHeap() {
    AtomicLong peak = new AtomicLong();
    Thread sampler = new Thread(() -> {
      while (true) {
        peak.accumulateAndGet(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), Math::max);
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
      }
    }, "heap-sampler");
    sampler.setDaemon(true);
    sampler.start();
    return peak;
  }

  private static String mib(long bytes) {
    return String.format("%.0f MiB", bytes / 1048576.0);
  }
}
