package io.informer4j.etcd;

import static org.awaitility.Awaitility.await;

import io.etcd.jetcd.Client;
import io.informer4j.etcd.testing.EtcdServer;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.RetryingWriters;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.informer.BackoffPolicy;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.InformerStatus;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectKey;
import io.informer4j.testkit.chaos.ChaosSettings;
import io.informer4j.testkit.chaos.Divergence;
import io.informer4j.testkit.chaos.HandlerView;
import io.informer4j.testkit.chaos.RecoveryTimes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The etcd chaos suite: a real etcd killed with SIGKILL and restarted on the same data directory
 * and port, cycle after cycle, sometimes compacted to its current revision right after the restart
 * (so a watch resuming from before must relist), while writers keep writing through the outages,
 * now and then garbage that is no widget. After every cycle the informer must catch up with a
 * marker write. At the end its cache and a handler's view must equal etcd's content, except the
 * keys the informer reports stale (an undecodable value keeps the older version, or none); the
 * suite rewrites exactly those keys, then requires exact equality, with no invented delete.
 *
 * <p>{@link ChaosSettings}: {@code -Dinformer4j.chaos.cycles=N} runs N cycles (default 6),
 * {@code -Dinformer4j.chaos.seed=S} another random sequence.
 */
class EtcdChaosTest {

  private static final Logger log = LoggerFactory.getLogger(EtcdChaosTest.class);
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final BackoffPolicy FAST =
      new BackoffPolicy(Duration.ofMillis(20), Duration.ofMillis(500), 2.0, 0.5, Duration.ofSeconds(10));
  private static final ObjectKey MARKER = ObjectKey.of("chaos", "marker");

  @Test
  void cacheAndHandlerEqualEtcdAfterRepeatedKillsRestartsAndCompactions() throws Exception {
    long seed = ChaosSettings.seed();
    int cycles = ChaosSettings.cycles(6);
    Random random = new Random(seed);
    RecoveryTimes caughtUp = new RecoveryTimes("etcd chaos, restart to informer caught up");
    RecoveryTimes converged = new RecoveryTimes("etcd chaos, writers stopped and garbage left to convergence (stale keys excepted)");
    RecoveryTimes afterRewrite = new RecoveryTimes("etcd chaos, stale keys rewritten to exact convergence");
    List<String> story = new ArrayList<>();
    KeyLayout layout = KeyLayout.namespaced("/informer4j-test/chaos");
    try (EtcdServer server = EtcdServer.start(); Client informerClient = server.newClient(); Client writerClient = server.newClient();
         InformerRuntime runtime = InformerRuntime.create("etcd-chaos")) {
      EtcdWriter writer = new EtcdWriter(writerClient, layout);
      writer.putAll(EtcdInformerTest.widgets("ns", "w", 30));
      EtcdListerWatcher<EtcdObject<Widget>> source = EtcdListerWatcher.builder(informerClient, layout, Widget.CODEC, Widget.ADAPTER)
          .requestTimeout(Duration.ofSeconds(5)).build();
      SharedIndexInformer<EtcdObject<Widget>> informer = SharedIndexInformer.builder(source, Widget.ADAPTER)
          .name("etcd-chaos").runtime(runtime).backoff(FAST).build();
      HandlerView<EtcdObject<Widget>> view = new HandlerView<>(Widget.ADAPTER);
      informer.addEventHandler(view);
      informer.start();
      try {
        if (!informer.waitForCacheSync(WAIT)) {
          throw new AssertionError("the informer did not sync before the outages");
        }
        List<ObjectKey> keys = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
          keys.add(ObjectKey.of("ns", "w-" + String.format("%05d", i)));
        }
        RetryingWriters writers = new RetryingWriters(writer, keys, 2, seed);
        try {
          for (int cycle = 1; cycle <= cycles; cycle++) {
            pause(200 + random.nextInt(400));
            server.kill();
            int down = 100 + random.nextInt(600);
            pause(down);
            server.restart();
            Instant up = Instant.now();
            boolean compact = random.nextInt(3) == 0;
            if (compact) {
              retry(() -> {
                long revision = writer.currentRevision();
                writer.compact(revision);
                return revision;
              });
            }
            long marker = retry(() -> writer.put(MARKER.namespace(), MARKER.name(), Widget.labelled(Map.of())));
            String context = "cycle " + cycle + " (seed " + seed + ", run it alone: " + ChaosSettings.rerunHint(seed) + ")";
            await(context).atMost(WAIT).pollInterval(Duration.ofMillis(10))
                .until(() -> Long.toString(marker).equals(EtcdInformerTest.cache(informer).get(MARKER.toString())));
            Duration recovery = Duration.between(up, Instant.now());
            caughtUp.add(recovery);
            story.add("cycle " + cycle + ": down " + down + " ms" + (compact ? ", compacted" : "") + ", caught up "
                + recovery.toMillis() + " ms after the restart");
          }
        } finally {
          writers.stop();
        }
        story.add(leaveGarbage(writer, random));
        Instant stopped = Instant.now();
        String context = "seed " + seed + " (" + ChaosSettings.rerunHint(seed) + "), " + writers.writes() + " writes, "
            + writers.failures() + " failed\n  " + String.join("\n  ", story);
        await().atMost(WAIT).pollInterval(Duration.ofMillis(20))
            .untilAsserted(() -> assertAgree(context, writer, informer, view, true));
        converged.add(Duration.between(stopped, Instant.now()));
        Set<String> rewritten = rewriteStaleKeys(writer, informer);
        Instant rewrite = Instant.now();
        await().atMost(WAIT).pollInterval(Duration.ofMillis(20))
            .untilAsserted(() -> assertAgree(context, writer, informer, view, false));
        afterRewrite.add(Duration.between(rewrite, Instant.now()));
        String summary = context + "\n  stale keys rewritten: " + rewritten + "\n  " + statusLine(informer.status());
        System.out.println(summary);
        log.info(summary);
      } finally {
        informer.stop();
      }
    }
    for (RecoveryTimes times : List.of(caughtUp, converged, afterRewrite)) {
      System.out.println(times.summary());
      log.info(times.summary());
    }
  }

  /**
   * Asserts that the cache and the handler's view equal etcd's content. With {@code staleAllowed},
   * keys the informer reports stale (an undecodable value keeps the older version, or none) may
   * differ, but each must really differ. Without, none may be reported, and no handler delete may
   * be invented (a delete of a key etcd still has, never followed by an add): only once every key
   * is readable again, because a key deleted and then re-created with an undecodable value was
   * rightly deleted, with no add since.
   */
  private static void assertAgree(String context, EtcdWriter writer, SharedIndexInformer<EtcdObject<Widget>> informer,
                                  HandlerView<EtcdObject<Widget>> view, boolean staleAllowed) {
    Map<String, String> truth = new TreeMap<>(writer.truth());
    InformerStatus status = informer.status();
    Set<String> allowed = staleAllowed ? Set.copyOf(status.staleKeys()) : Set.of();
    Map<String, String> cache = EtcdInformerTest.cache(informer);
    List<String> problems = new ArrayList<>();
    Divergence handler = Divergence.of("handler", view.view(), truth, allowed);
    for (Divergence divergence : List.of(Divergence.of("cache", cache, truth, allowed),
        staleAllowed ? handler : handler.withDeletesOf(view.log(), truth))) {
      if (!divergence.isEmpty()) {
        problems.add(divergence.toString());
      }
    }
    Set<String> falselyStale = new TreeSet<>(status.staleKeys());
    falselyStale.removeIf(key -> truth.containsKey(key) && !truth.get(key).equals(cache.get(key)));
    if (staleAllowed && !falselyStale.isEmpty()) {
      problems.add("keys reported stale that equal etcd or are gone from it: " + falselyStale);
    }
    if (staleAllowed && status.staleObjects() > status.staleKeys().size() || !staleAllowed && status.staleObjects() != 0) {
      problems.add(status.staleObjects() + " stale objects reported, named: " + status.staleKeys());
    }
    if (!problems.isEmpty()) {
      throw new AssertionError(context + "\n  " + String.join("\n  ", problems) + "\n  " + statusLine(status));
    }
  }

  /**
   * Puts garbage over two existing objects and under one new key, after the writers stopped, so
   * the end state holds undecodable values for certain; returns what it did.
   */
  private static String leaveGarbage(EtcdWriter writer, Random random) {
    List<String> existing = new ArrayList<>(writer.truth().keySet());
    existing.remove(MARKER.toString());
    Collections.shuffle(existing, random);
    List<String> garbled = new ArrayList<>(existing.subList(0, Math.min(2, existing.size())));
    garbled.add("ns/garbage-" + random.nextInt(1000));
    for (String key : garbled) {
      byte[] garbage = new byte[1 + random.nextInt(32)];
      random.nextBytes(garbage);
      retry(() -> writer.putRaw(ObjectKey.parse(key), garbage));
    }
    return "garbage left under " + garbled;
  }

  /** Rewrites exactly the keys the informer reports stale with readable widgets; returns them. */
  private static Set<String> rewriteStaleKeys(EtcdWriter writer, SharedIndexInformer<EtcdObject<Widget>> informer) {
    Set<String> stale = new TreeSet<>(informer.status().staleKeys());
    stale.forEach(key -> {
      ObjectKey objectKey = ObjectKey.parse(key);
      writer.put(objectKey.namespace(), objectKey.name(), Widget.labelled(Map.of("rewritten", "true")));
    });
    return stale;
  }

  private static String statusLine(InformerStatus status) {
    return status.state() + ", " + status.lists() + " lists, " + status.relists() + " relists, " + status.watches() + " watches, "
        + status.events() + " events, " + status.errors() + " errors, " + status.malformed() + " malformed, "
        + status.staleObjects() + " stale " + status.staleKeys() + ", " + status.idleTimeouts() + " idle timeouts, last error: "
        + status.lastError();
  }

  /** Lets the writers run (or etcd stay down) for a while; this paces the outages, it waits for no condition. */
  private static void pause(long millis) {
    LockSupport.parkNanos(Duration.ofMillis(millis).toNanos());
  }

  /** Retries a call while the test's own client reconnects after a restart (it fails fast meanwhile). */
  private static long retry(LongSupplier call) {
    long[] result = new long[1];
    await().atMost(WAIT).pollInterval(Duration.ofMillis(20)).ignoreExceptions().until(() -> {
      result[0] = call.getAsLong();
      return true;
    });
    return result[0];
  }
}
