package io.informer4j.benchmarks.sharding;

import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.ShardHash;
import io.informer4j.meta.ObjectKey;
import io.informer4j.testkit.coordination.ReconcileLog;
import io.informer4j.testkit.coordination.ShardingScenario;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Sharded-controller throughput and takeover: N replicas (each its own client and a Manager running
 * a controller sharded by its own coordinator, in this JVM) share 12 shards of {@code objects} objects; each reconcile works 5 ms.
 * Once the shards are balanced and the first reconciles are done, every object is changed once and
 * the harness measures the time until each was reconciled (reconciles/s = objects / that time). With
 * 3 replicas it then kills one (closes its client first, so it cannot release) and measures the time
 * until every key of its shards was reconciled by another replica.
 *
 * <p>Arguments: {@code <kubernetes|etcd> <objects> <replica counts, e.g. 1,2,3> <workers per replica> <runs>}.
 */
public final class ShardingThroughput {

  private static final ShardingRun SETTINGS = new ShardingRun(12,
      new LeaseTiming(Duration.ofSeconds(3), Duration.ofSeconds(2), Duration.ofMillis(500)), Duration.ofMillis(5), 4);
  private static final Duration WAIT = Duration.ofMinutes(2);

  private ShardingThroughput() {
  }

  /** Runs the benchmark; see the class comment. */
  public static void main(String[] args) {
    String backendName = args[0];
    int objects = Integer.parseInt(args[1]);
    int[] counts = Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray();
    ShardingRun settings = new ShardingRun(SETTINGS.shards(), SETTINGS.timing(), SETTINGS.reconcileTime(),
        Integer.parseInt(args[3]));
    int runs = Integer.parseInt(args[4]);
    try (ShardingBackend backend = "etcd".equals(backendName) ? new EtcdShardingBackend(settings)
        : new KubernetesShardingBackend(settings)) {
      backend.create(objects);
      Map<Integer, List<Double>> rates = new HashMap<>();
      List<Double> takeovers = new ArrayList<>();
      int round = 1;
      for (int run = 0; run < runs; run++) {
        for (int count : counts) {
          double[] figures = runOnce(backend, settings, objects, count, "bench-" + count + "-" + run, round++);
          rates.computeIfAbsent(count, c -> new ArrayList<>()).add(figures[0]);
          System.out.printf("%s run %d, %d replicas: %.0f reconciles/s%s%n", backendName, run, count, figures[0],
              figures.length > 1 ? String.format(", takeover %.0f ms", figures[1]) : "");
          if (figures.length > 1) {
            takeovers.add(figures[1]);
          }
        }
      }
      rates.forEach((count, list) -> System.out.printf("MEDIAN %s %d replicas: %.0f reconciles/s%n", backendName, count,
          median(list)));
      if (!takeovers.isEmpty()) {
        System.out.printf("MEDIAN %s takeover: %.0f ms%n", backendName, median(takeovers));
      }
    }
  }

  private static double[] runOnce(ShardingBackend backend, ShardingRun settings, int objects, int count, String group,
                                  int round) {
    ReconcileLog log = new ReconcileLog();
    List<ShardingScenario.Started> replicas = new ArrayList<>();
    try {
      for (int i = 0; i < count; i++) {
        replicas.add(backend.start(group, "replica-" + i, log));
      }
      Waits.until("balanced shards", WAIT, () -> balanced(replicas, settings.shards()));
      Waits.until("the first reconciles", WAIT, () -> log.keysReconciledSince(Long.MIN_VALUE, "").size() == objects
          && replicas.stream().allMatch(r -> r.replica().idle()));
      long start = System.nanoTime();
      backend.touchAll(objects, round);
      Waits.until("every changed object reconciled", WAIT, () -> log.keysReconciledSince(start, "").size() == objects);
      long end = log.spans().stream().filter(s -> s.startNanos() >= start).mapToLong(ReconcileLog.Span::endNanos).max()
          .orElseThrow();
      double rate = objects / ((end - start) / 1e9);
      if (count < 3) {
        return new double[] {rate};
      }
      return new double[] {rate, takeover(backend, settings, objects, replicas, log)};
    } finally {
      replicas.forEach(r -> r.kill().run());
    }
  }

  private static double takeover(ShardingBackend backend, ShardingRun settings, int objects,
                                 List<ShardingScenario.Started> replicas, ReconcileLog log) {
    ShardingScenario.Started victim = replicas.remove(replicas.size() - 1);
    Set<Integer> shards = victim.replica().held();
    Set<String> keys = new HashSet<>();
    for (int i = 0; i < objects; i++) {
      if (shards.contains(ShardHash.shardOf(backend.type(), ObjectKey.of("ns", "obj-" + i), settings.shards()))) {
        keys.add("ns/obj-" + i);
      }
    }
    String identity = victim.replica().identity();
    long killedAt = System.nanoTime();
    victim.kill().run();
    Waits.until("the killed replica's keys reconciled again", WAIT,
        () -> log.keysReconciledSince(killedAt, identity).containsAll(keys));
    Map<String, Long> first = new HashMap<>();
    for (ReconcileLog.Span span : log.spans()) {
      if (span.startNanos() >= killedAt && !span.replica().equals(identity) && keys.contains(span.key())) {
        first.merge(span.key(), span.startNanos(), Math::min);
      }
    }
    return (first.values().stream().mapToLong(Long::longValue).max().orElseThrow() - killedAt) / 1e6;
  }

  private static boolean balanced(List<ShardingScenario.Started> replicas, int shards) {
    Set<Integer> all = new HashSet<>();
    int total = 0;
    for (ShardingScenario.Started started : replicas) {
      Set<Integer> held = started.replica().held();
      if (held.size() > (shards + replicas.size() - 1) / replicas.size()) {
        return false;
      }
      total += held.size();
      all.addAll(held);
    }
    return all.size() == shards && total == shards;
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(Double::compare);
    return sorted.get(sorted.size() / 2);
  }
}
