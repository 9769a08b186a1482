package io.informer4j.kubernetes.chaos;

import static io.informer4j.kubernetes.chaos.ChaosFixture.CONFIG_MAPS;
import static org.awaitility.Awaitility.await;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.InformerStatus;
import io.informer4j.meta.ObjectKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.chaos.ChaosSettings;
import io.informer4j.testkit.chaos.RecoveryTimes;
import io.informer4j.testkit.chaos.ServerHistory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
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
 * exactly (keys and resourceVersions), except the keys an informer reports stale: an object whose
 * newest state could not be read (a corrupted update) keeps its older version by design. The suite
 * rewrites exactly those keys, then requires exact equality, nothing reported stale, and every
 * handler notification explained by the server's history (no invented, spurious or duplicate
 * delete, no version going back, no version never written).
 *
 * <p>Each schedule has a seed, shown in the test's name and in any failure; {@link ChaosSettings}
 * says how to run one seed again, or many more schedules.
 */
class KubernetesChaosTest {

  private static final Logger log = LoggerFactory.getLogger(KubernetesChaosTest.class);
  private static final Duration CONVERGE = Duration.ofSeconds(20);
  private static final int TOUCH_ROUNDS = 5;
  private static final RecoveryTimes RECOVERY = new RecoveryTimes("HTTP chaos, faults healed to convergence (stale keys excepted)");
  private static final RecoveryTimes AFTER_TOUCH = new RecoveryTimes("HTTP chaos, stale keys rewritten to exact convergence");

  static LongStream seeds() {
    return ChaosSettings.seeds();
  }

  @AfterAll
  static void printRecoveryTimes() {
    for (RecoveryTimes times : List.of(RECOVERY, AFTER_TOUCH)) {
      System.out.println(times.summary());
      log.info(times.summary());
    }
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
      List<WatchedInformer<?>> informers = List.of(
          new WatchedInformer<>("typed cache", fixture.configMapType(), fixture, runtime, watchList, pageSize),
          new WatchedInformer<>("dynamic cache", fixture.dynamicConfigMapType(), fixture, runtime, watchList, pageSize));
      try {
        informers.forEach(w -> w.informer.start());
        for (WatchedInformer<?> watched : informers) {
          if (!watched.informer.waitForCacheSync(CONVERGE)) {
            throw new AssertionError("seed " + seed + ": " + watched.name + " did not sync before the faults");
          }
        }

        Writers writers = new Writers(fixture.api, CONFIG_MAPS.type(), keys, history, 2, seed);
        List<String> applied = new ArrayList<>();
        try {
          applied.addAll(schedule.run(fixture, window));
          writers.stop();
          if (random.nextBoolean()) {
            applied.add(CorruptedFinale.run(fixture, writers, informers, random));
          }
        } finally {
          fixture.proxy.heal();
          writers.stop();
        }
        Instant healed = Instant.now();
        String context = "seed " + seed + " (run it alone: " + ChaosSettings.rerunHint(seed) + "; watchList " + watchList
            + ", pageSize " + pageSize + ", " + writers.writes() + " writes)\nfaults:\n  " + String.join("\n  ", applied);
        ConvergenceCheck check = new ConvergenceCheck(context, fixture, informers, history);

        awaitAgreement(check, ConvergenceCheck.Rule.STALE_REPORTED);
        RECOVERY.add(Duration.between(healed, Instant.now()));
        Set<String> touched = touchStaleKeys(check, writers);
        Instant firstTouch = Instant.now();
        awaitAgreement(check, ConvergenceCheck.Rule.EXACT);
        if (!touched.isEmpty()) {
          AFTER_TOUCH.add(Duration.between(firstTouch, Instant.now()));
        }
        check.assertAgree(ConvergenceCheck.Rule.EXACT_AND_EXPLAINED);
        StringBuilder line = new StringBuilder("seed ").append(seed).append(": ").append(applied.size())
            .append(" faults, converged ").append(Duration.between(healed, Instant.now()).toMillis())
            .append(" ms after healing, stale keys rewritten ").append(touched);
        for (WatchedInformer<?> watched : informers) {
          InformerStatus status = watched.informer.status();
          line.append("; ").append(watched.name).append(": ").append(status.relists()).append(" relists, ")
              .append(status.errors()).append(" errors, ").append(status.malformed()).append(" malformed, ")
              .append(status.idleTimeouts()).append(" idle timeouts, ").append(status.watchListFallbacks())
              .append(" watch-list fallbacks");
        }
        if (applied.get(applied.size() - 1).startsWith("finale")) {
          line.append("; ").append(applied.get(applied.size() - 1));
        }
        System.out.println(line);
        log.info(line.toString());
      } finally {
        informers.forEach(w -> w.informer.stop());
      }
    }
  }

  private static void awaitAgreement(ConvergenceCheck check, ConvergenceCheck.Rule rule) {
    await().atMost(CONVERGE).pollInterval(Duration.ofMillis(20)).untilAsserted(() -> check.assertAgree(rule));
  }

  /**
   * Rewrites exactly the keys the informers report stale, round after round (a status names ten at
   * most), until none is reported; returns every key rewritten.
   */
  private static Set<String> touchStaleKeys(ConvergenceCheck check, Writers writers) {
    Set<String> touched = new TreeSet<>();
    for (int round = 1; ; round++) {
      Set<String> stale = check.staleKeys();
      if (stale.isEmpty()) {
        return touched;
      }
      if (round > TOUCH_ROUNDS) {
        throw new AssertionError("keys are still reported stale after " + TOUCH_ROUNDS + " rounds of rewriting: " + stale);
      }
      stale.forEach(key -> writers.touch(ObjectKey.parse(key)));
      touched.addAll(stale);
      await().atMost(CONVERGE).pollInterval(Duration.ofMillis(20))
          .until(() -> check.staleKeys().stream().noneMatch(stale::contains));
    }
  }
}
