package io.informer4j.manager;

import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Controller;
import io.informer4j.controller.Result;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheReader;
import io.informer4j.testkit.ReadYourWritesContract;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.WriteRejectedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One randomized run of a counting controller on the simulated API: each reconcile reads its object
 * from the cache, writes {@code status.count + 1} with the read version as precondition, records the
 * write in {@link OwnWrites} and enqueues the key again at once — until every counter reaches its
 * target. The seed chooses the number of objects, workers and rounds, the watch-event latency of each
 * write, and whether watches are cut (forcing relists). A read of a count below the count the
 * controller last wrote for the key is a stale read; a write refused because its precondition (the
 * version read) was old is a conflict, retried with rate limiting.
 */
final class CounterSchedule implements ReadYourWritesContract.Schedule {

  static final TypeKey COUNTERS = TypeKey.of("example.com", "v1", "Counter");


  private final long seed;
  private final Random random;
  private final int objects;
  private final int workers;
  private final int rounds;
  private final int maxLatencyMillis;
  private final int cutWatchesAfter;

  CounterSchedule(long seed) {
    this.seed = seed;
    this.random = new Random(seed);
    this.objects = 1 + random.nextInt(3);
    this.workers = 1 + random.nextInt(2);
    this.rounds = 10 + random.nextInt(10);
    this.maxLatencyMillis = 1 + random.nextInt(12);
    this.cutWatchesAfter = random.nextInt(3) == 0 ? 5 + random.nextInt(20) : 0;
  }

  @Override
  public ReadYourWritesContract.Outcome run(boolean readYourWrites) throws InterruptedException {
    List<String> stale = new CopyOnWriteArrayList<>();
    Map<ObjectKey, Long> lastWritten = new ConcurrentHashMap<>();
    AtomicLong conflicts = new AtomicLong();
    try (SimulatedApi api = SimulatedApi.builder().type(COUNTERS, Scope.NAMESPACED).build();
         Manager manager = Manager.builder(api).stopTimeout(Duration.ofSeconds(10)).build()) {
      List<ObjectKey> keys = new ArrayList<>();
      for (int i = 0; i < objects; i++) {
        api.create(COUNTERS, SimObject.of("shop", "counter-" + i).withContentAt("status.count", 0L));
        keys.add(ObjectKey.of("shop", "counter-" + i));
      }
      if (cutWatchesAfter > 0) {
        api.faults().cutWatchesAfter(cutWatchesAfter);
      }
      ObjectType<SimObject> type = api.type(COUNTERS);
      CacheReader<SimObject> cache = manager.cache().reader(type);
      ControllerBuilder<SimObject> builder = manager.controller("counter", type).workers(workers)
          .readYourWrites(readYourWrites).readYourWritesTimeout(Duration.ofSeconds(20));
      OwnWrites ownWrites = builder.ownWrites();
      AtomicReference<Controller<ObjectKey>> self = new AtomicReference<>();
      self.set(builder.reconcile(key -> {
        SimObject counter = cache.get(key);
        long seen = ((Number) counter.contentAt("status.count")).longValue();
        Long written = lastWritten.get(key);
        if (written != null && seen < written) {
          stale.add(key + " read count " + seen + " after writing " + written);
        }
        if (seen >= rounds) {
          return Result.done();
        }
        api.faults().eventLatency(Duration.ofMillis(nextLatency()));
        SimObject updated;
        try {
          updated = api.update(COUNTERS, counter.withContentAt("status.count", seen + 1));
        } catch (WriteRejectedException staleVersion) {
          conflicts.incrementAndGet();
          return Result.requeue();
        }
        lastWritten.put(key, seen + 1);
        ownWrites.record(COUNTERS, key, updated.resourceVersion());
        self.get().queue().add(key);
        return Result.done();
      }));
      manager.start();
      await().atMost(Duration.ofSeconds(60)).until(() -> keys.stream().allMatch(key ->
          ((Number) api.get(COUNTERS, key.namespace(), key.name()).orElseThrow().contentAt("status.count"))
              .longValue() == rounds));
      await().atMost(Duration.ofSeconds(30)).until(() -> self.get().queue().len() == 0 && self.get().activeWorkers() == 0);
      return new ReadYourWritesContract.Outcome(stale, conflicts.get(), ownWrites);
    }
  }

  private long nextLatency() {
    synchronized (random) {
      return random.nextInt(maxLatencyMillis + 1);
    }
  }

  @Override
  public String toString() {
    return "seed " + seed + ": " + objects + " objects, " + workers + " workers, " + rounds + " rounds, event latency "
        + "up to " + maxLatencyMillis + " ms" + (cutWatchesAfter > 0 ? ", watches cut every " + cutWatchesAfter
        + " events" : "");
  }
}
