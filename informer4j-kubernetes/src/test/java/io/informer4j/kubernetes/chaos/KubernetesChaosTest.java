package io.informer4j.kubernetes.chaos;

import static io.informer4j.kubernetes.chaos.ChaosFixture.CONFIG_MAPS;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.informer.BackoffPolicy;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.InformerStatus;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.ListerWatcher;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.chaos.ChaosSettings;
import io.informer4j.testkit.chaos.Divergence;
import io.informer4j.testkit.chaos.HandlerView;
import io.informer4j.testkit.chaos.ProxiedRequest;
import io.informer4j.testkit.chaos.RecoveryTimes;
import io.informer4j.testkit.chaos.ServerHistory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chaos suite over real HTTP: the Kubernetes test server behind a {@link
 * io.informer4j.testkit.chaos.FaultProxy}, a typed and a dynamic ConfigMap informer on a backend
 * that only reaches the server through the proxy, two writers changing 24 keys straight on the
 * server, and a random schedule of network and protocol faults for a few seconds. Then the proxy
 * heals, the writers stop, and both caches and both handlers' views must equal the server's objects
 * exactly (keys and resourceVersions), with every handler delete explained by a server delete.
 *
 * <p>Each schedule has a seed, shown in the test's name and in any failure; {@link ChaosSettings}
 * says how to run one seed again, or many more schedules.
 */
class KubernetesChaosTest {

  private static final Logger log = LoggerFactory.getLogger(KubernetesChaosTest.class);
  private static final Duration CONVERGE = Duration.ofSeconds(20);
  private static final BackoffPolicy FAST =
      new BackoffPolicy(Duration.ofMillis(10), Duration.ofMillis(500), 2.0, 0.5, Duration.ofSeconds(10));
  private static final RecoveryTimes RECOVERY = new RecoveryTimes("HTTP chaos, end of faults to exact convergence");

  static LongStream seeds() {
    return ChaosSettings.seeds();
  }

  @AfterAll
  static void printRecoveryTimes() {
    String summary = RECOVERY.summary();
    System.out.println(summary);
    log.info(summary);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void cachesAndHandlersConvergeExactlyAfterRandomFaults(long seed) throws Exception {
    Random random = new Random(seed);
    boolean watchList = random.nextBoolean();
    long pageSize = random.nextBoolean() ? 0 : 5;
    Duration window = ChaosSettings.faultWindow();
    FaultSchedule schedule = FaultSchedule.random(random, window);
    List<ObjectKey> keys = Writers.keySpace(3, 8);
    ServerHistory history = new ServerHistory();

    try (ChaosFixture fixture = new ChaosFixture(seed); InformerRuntime runtime = InformerRuntime.create("chaos-" + seed)) {
      for (int i = 0; i < keys.size(); i += 2) {
        SimObject created = fixture.api.create(CONFIG_MAPS.type(), SimObject.of(keys.get(i).namespace(), keys.get(i).name())
            .withContentAt("data.v", "initial"));
        history.created(keys.get(i).toString(), Long.parseLong(created.resourceVersion()));
      }
      Watched<ConfigMap> typed = new Watched<>("typed cache", fixture.backend.typed(ConfigMap.class), ConfigMap.class,
          fixture, runtime, watchList, pageSize);
      Watched<GenericKubernetesResource> dynamic = new Watched<>("dynamic cache", fixture.backend.dynamic(CONFIG_MAPS),
          GenericKubernetesResource.class, fixture, runtime, watchList, pageSize);
      List<Watched<?>> informers = List.of(typed, dynamic);
      try {
        informers.forEach(w -> w.informer.start());
        for (Watched<?> watched : informers) {
          if (!watched.informer.waitForCacheSync(CONVERGE)) {
            throw new AssertionError("seed " + seed + ": " + watched.name + " did not sync before the faults");
          }
        }

        Writers writers = new Writers(fixture.api, CONFIG_MAPS.type(), keys, history, 2, seed);
        List<String> applied;
        try {
          applied = schedule.run(fixture, window);
        } finally {
          fixture.proxy.heal();
          writers.stop();
        }
        Instant healed = Instant.now();
        String context = "seed " + seed + " (run it alone: " + ChaosSettings.rerunHint(seed) + "; watchList " + watchList
            + ", pageSize " + pageSize + ", " + writers.writes() + " writes)\nfaults:\n  " + String.join("\n  ", applied);

        await().atMost(CONVERGE).pollInterval(Duration.ofMillis(20))
            .untilAsserted(() -> assertConverged(context, fixture, informers, history, false));
        RECOVERY.add(Duration.between(healed, Instant.now()));
        assertConverged(context, fixture, informers, history, true);
        log.info("seed {}: converged {} ms after {} faults; {}", seed, Duration.between(healed, Instant.now()).toMillis(),
            applied.size(), statusLine(typed.informer.status()));
      } finally {
        informers.forEach(w -> w.informer.stop());
      }
    }
  }

  /**
   * Asserts that every cache and handler view equals the server's objects; with {@code deletes},
   * also that every handler delete is explained by the server's history.
   */
  private static void assertConverged(String context, ChaosFixture fixture, List<Watched<?>> informers, ServerHistory history,
                                      boolean deletes) {
    Map<String, String> truth = new TreeMap<>();
    fixture.api.snapshot(CONFIG_MAPS.type()).forEach((key, object) -> truth.put(key, object.resourceVersion()));
    List<Divergence> divergences = new ArrayList<>();
    for (Watched<?> watched : informers) {
      divergences.add(Divergence.of(watched.name, watched.cache(), truth, Set.of()));
      Divergence view = Divergence.of(watched.name + "'s handler", watched.view.view(), truth, Set.of());
      divergences.add(deletes ? view.withDeletesOf(watched.view.log(), truth).withHistoryOf(watched.view.log(), history) : view);
    }
    if (divergences.stream().allMatch(Divergence::isEmpty)) {
      return;
    }
    StringBuilder report = new StringBuilder(context).append("\ndivergences:");
    divergences.forEach(d -> report.append("\n  ").append(d));
    informers.forEach(w -> report.append("\n  ").append(w.name).append(": ").append(statusLine(w.informer.status())));
    report.append("\n  proxy: ").append(fixture.proxy.requestCount(ProxiedRequest::isWatch)).append(" watches, ")
        .append(fixture.proxy.requestCount(r -> r.isRead() && r.path().endsWith("/configmaps"))).append(" lists, ")
        .append(fixture.proxy.acceptedConnections()).append(" connections");
    throw new AssertionError(report.toString());
  }

  private static String statusLine(InformerStatus status) {
    return status.state() + ", synced " + status.synced() + ", " + status.lists() + " lists, " + status.relists() + " relists, "
        + status.watches() + " watches, " + status.events() + " events, " + status.errors() + " errors, " + status.malformed()
        + " malformed, last error: " + status.lastError();
  }

  /** An informer, a handler keeping its own view, and how to read the cache. */
  private static final class Watched<T extends HasMetadata> {
    final String name;
    final SharedIndexInformer<T> informer;
    final HandlerView<T> view;

    Watched(String name, ListerWatcher<T> source, Class<T> type, ChaosFixture fixture, InformerRuntime runtime,
            boolean watchList, long pageSize) {
      this.name = name;
      this.informer = SharedIndexInformer.builder(source, fixture.backend.adapter(type)).name(name).runtime(runtime)
          .backoff(FAST).watchList(watchList).pageSize(pageSize).build();
      this.view = new HandlerView<>(fixture.backend.adapter(type));
      informer.addEventHandler(view);
    }

    Map<String, String> cache() {
      Map<String, String> versions = new TreeMap<>();
      informer.indexer().list().forEach(object -> versions.put(
          object.getMetadata().getNamespace() + "/" + object.getMetadata().getName(), object.getMetadata().getResourceVersion()));
      return versions;
    }
  }
}
