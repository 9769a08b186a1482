package io.informer4j.benchmarks.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.benchmarks.SyncRounds;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.testkit.SimulatedApi;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The steady-state cost of a sync, without a fresh JVM's class loading and compilation: one JVM runs
 * the test server with {@code <objects>} ConfigMaps (the comparison harness's shape) and, round after
 * round, each named client in turn (as {@link ProbeClient#named} names them) starts one informer over
 * all namespaces, is timed until its handler has every add, and is closed; a full collection and a
 * pause separate the syncs. Prints every sync and, per client, the median of the rounds after the
 * first two (the warm-up). Server and client share the JVM's heap and the machine's cores, as in the
 * fresh-JVM harness they share the cores.
 *
 * <p>Arguments: {@code <objects> <rounds> <client>...}.
 */
public final class KubernetesWarmSync {

  private static final long SYNC_TIMEOUT_NANOS = TimeUnit.MINUTES.toNanos(5);

  private KubernetesWarmSync() {
  }

  /** Runs the rounds; see the class comment. */
  public static void main(String[] args) throws Exception {
    int objects = Integer.parseInt(args[0]);
    int rounds = Integer.parseInt(args[1]);
    List<String> clients = List.of(args).subList(2, args.length);
    SyncRounds syncs = new SyncRounds();
    try (SimulatedApi api = SimulatedApi.builder().build();
         KubernetesTestServer server = KubernetesTestServer.start(api).serve(ConfigMap.class)) {
      for (int i = 0; i < objects; i++) {
        api.create(KubernetesComparison.CONFIG_MAPS.type(), KubernetesComparison.DATA.configMap(i, 0));
      }
      for (int round = 0; round < rounds; round++) {
        for (String client : clients) {
          syncs.record(round, client, syncOnce(client, server.url(), objects));
          System.gc();
          Thread.sleep(500);
        }
      }
    }
    syncs.printMedians();
  }

  private static long syncOnce(String client, String url, int objects) throws Exception {
    LongAdder adds = new LongAdder();
    try (ProbeClient probe = ProbeClient.named(client, url)) {
      long start = System.nanoTime();
      probe.start(1, adds, new LongAdder());
      while (adds.sum() < objects) {
        if (System.nanoTime() - start > SYNC_TIMEOUT_NANOS) {
          throw new IllegalStateException(client + " did not sync: " + probe.describe());
        }
        Thread.sleep(1);
      }
      return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }
  }
}
