package io.informer4j.kubernetes.operator;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.informer4j.controller.Controller;
import io.informer4j.controller.Result;
import io.informer4j.kubernetes.testserver.ResourceType;
import io.informer4j.manager.ControllerBuilder;
import io.informer4j.manager.Manager;
import io.informer4j.manager.OwnWrites;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheReader;
import io.informer4j.testkit.ReadYourWritesContract;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One randomized run of a counting controller on the Kubernetes test server, through a
 * {@link io.informer4j.kubernetes.KubernetesBackend} (whose resourceVersions compare as numbers on a
 * server saying Kubernetes 1.35 or later, and only for equality on an older one): each reconcile reads
 * its {@code Counter} custom resource from the cache, writes {@code status.count + 1} through a
 * {@link StatusUpdater} (the read resourceVersion is the precondition; the {@link OperatorWrites}
 * listener records the write in the controller's {@link OwnWrites}) and enqueues the key again at
 * once — until every counter reaches its target (a write retried after a conflict counts from the
 * state re-read, so a stale read near the end may take a counter past it). The seed chooses the
 * number of objects, workers and rounds, the watch-event latency of each write, and whether watches
 * are cut (forcing relists). A read of a count below the count the controller last wrote for the key
 * is a stale read; the outcome's conflicts counts the 409s its stale preconditions met.
 */
final class StatusCounterSchedule implements ReadYourWritesContract.Schedule {

  static final TypeKey COUNTERS = TypeKey.of("example.com", "v1", "Counter");
  private static final String NAMESPACE = "shop";
  private static final Duration CONVERGED_WITHIN = Duration.ofSeconds(30);


  private final long seed;
  private final String kubernetesVersion;
  private final Random random;
  private final int objects;
  private final int workers;
  private final int rounds;
  private final int maxLatencyMillis;
  private final int cutWatchesAfter;

  StatusCounterSchedule(long seed, String kubernetesVersion) {
    this.seed = seed;
    this.kubernetesVersion = kubernetesVersion;
    this.random = new Random(seed);
    this.objects = 1 + random.nextInt(3);
    this.workers = 1 + random.nextInt(3);
    this.rounds = 8 + random.nextInt(8);
    this.maxLatencyMillis = 2 + random.nextInt(12);
    this.cutWatchesAfter = random.nextInt(3) == 0 ? 5 + random.nextInt(15) : 0;
  }

  @Override
  public ReadYourWritesContract.Outcome run(boolean readYourWrites) throws InterruptedException {
    List<String> stale = new CopyOnWriteArrayList<>();
    Map<ObjectKey, Long> lastWritten = new ConcurrentHashMap<>();
    try (OperatorFixture fx = new OperatorFixture();
         Manager manager = Manager.builder(fx.backend).stopTimeout(Duration.ofSeconds(10)).build()) {
      fx.server.reportKubernetesVersion(kubernetesVersion);
      fx.server.serve(ResourceType.of(COUNTERS, "counters", Scope.NAMESPACED).withStatusSubresource(true));
      List<ObjectKey> keys = new ArrayList<>();
      for (int i = 0; i < objects; i++) {
        keys.add(ObjectKey.of(NAMESPACE, fx.client.resource(counter("counter-" + i)).create().getMetadata().getName()));
      }
      if (cutWatchesAfter > 0) {
        fx.server.api().faults().cutWatchesAfter(cutWatchesAfter);
      }
      ObjectType<GenericKubernetesResource> type = fx.backend.dynamic(COUNTERS);
      CacheReader<GenericKubernetesResource> cache = manager.cache().reader(type);
      ControllerBuilder<GenericKubernetesResource> builder = manager.controller("counter", type).workers(workers)
          .readYourWrites(readYourWrites).readYourWritesTimeout(Duration.ofSeconds(10));
      OwnWrites ownWrites = builder.ownWrites();
      StatusUpdater statuses = StatusUpdater.builder(OperatorWrites.builder(fx.client).forController(builder).build())
          .build();
      AtomicReference<Controller<ObjectKey>> self = new AtomicReference<>();
      self.set(builder.reconcile(key -> {
        GenericKubernetesResource counter = cache.get(key);
        long seen = countOf(counter);
        Long written = lastWritten.get(key);
        if (written != null && seen < written) {
          stale.add(key + " read count " + seen + " after writing " + written);
        }
        if (seen >= rounds) {
          return Result.done();
        }
        fx.server.api().faults().eventLatency(Duration.ofMillis(nextLatency()));
        GenericKubernetesResource answer;
        try {
          answer = statuses.update(counter, cache, c -> c.setAdditionalProperty("status", Map.of("count", countOf(c) + 1)));
        } catch (ConflictRetriesExhaustedException staleEveryTime) {
          return Result.requeue();
        }
        lastWritten.put(key, countOf(answer));
        self.get().queue().add(key);
        return Result.done();
      }));
      manager.start();
      await().atMost(CONVERGED_WITHIN).until(() -> keys.stream().allMatch(key -> countOf(
          fx.client.genericKubernetesResources("example.com/v1", "Counter").inNamespace(NAMESPACE).withName(key.name())
              .get()) >= rounds));
      await().atMost(CONVERGED_WITHIN).until(() -> self.get().queue().len() == 0 && self.get().activeWorkers() == 0);
      return new ReadYourWritesContract.Outcome(stale, statuses.conflicts(), ownWrites);
    }
  }

  private static GenericKubernetesResource counter(String name) {
    GenericKubernetesResource counter = new GenericKubernetesResource();
    counter.setApiVersion(COUNTERS.group() + "/" + COUNTERS.version());
    counter.setKind(COUNTERS.kind());
    counter.setMetadata(new ObjectMetaBuilder().withNamespace(NAMESPACE).withName(name).build());
    return counter;
  }

  /** Returns {@code status.count}, 0 while the object has no status yet. */
  private static long countOf(GenericKubernetesResource counter) {
    Object status = counter.getAdditionalProperties().get("status");
    return status instanceof Map<?, ?> fields && fields.get("count") instanceof Number count ? count.longValue() : 0;
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
