package io.informer4j.benchmarks.informer;

import io.informer4j.benchmarks.SyncRounds;
import io.informer4j.informer.EventHandler;
import io.informer4j.informer.SharedIndexInformer;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The informer's own cost of an initial sync by LIST against one by watch-list, without HTTP or
 * decoding: {@code objects} prebuilt ConfigMaps ({@link ConfigMapWorkload}) from a
 * {@link PrebuiltListerWatcher} that offers watch-list. Each round syncs a fresh informer once per
 * mode, timed from its start until its handler saw every object; the medians leave out the first
 * {@value SyncRounds#WARM_UP_ROUNDS} rounds (compilation).
 *
 * <p>Usage: {@code WatchListIngest <objects> <rounds>}, e.g. {@code 100000 12}.
 */
public final class WatchListIngest {

  private static final long SYNC_TIMEOUT_NANOS = TimeUnit.MINUTES.toNanos(2);

  private WatchListIngest() {
  }

  /** Runs the rounds; see the class comment. */
  public static void main(String[] args) throws Exception {
    int objects = Integer.parseInt(args[0]);
    int rounds = Integer.parseInt(args[1]);
    if (rounds <= SyncRounds.WARM_UP_ROUNDS) {
      throw new IllegalArgumentException("needs more than " + SyncRounds.WARM_UP_ROUNDS + " rounds, got " + rounds);
    }
    ConfigMapWorkload workload = ConfigMapWorkload.create(objects, 0, 1);
    SyncRounds syncs = new SyncRounds();
    for (int round = 0; round < rounds; round++) {
      for (boolean watchList : new boolean[] {false, true}) {
        syncs.record(round, watchList ? "watch-list" : "list", syncOnce(workload, watchList));
        System.gc();
      }
    }
    syncs.printMedians();
  }

  private static long syncOnce(ConfigMapWorkload workload, boolean watchList) throws InterruptedException {
    PrebuiltListerWatcher<V1ConfigMap> source =
        new PrebuiltListerWatcher<>(workload.initial(), workload.listResourceVersion(), true);
    SharedIndexInformer<V1ConfigMap> informer = SharedIndexInformer.builder(source, new ConfigMapAdapter())
        .name("configmaps").watchList(watchList).build();
    LongAdder adds = new LongAdder();
    informer.addEventHandler(new EventHandler<>() {
      @Override
      public void onAdd(V1ConfigMap object, boolean inInitialList) {
        adds.increment();
      }
    });
    try {
      long start = System.nanoTime();
      informer.start();
      while (adds.sum() < workload.initial().size()) {
        if (System.nanoTime() - start > SYNC_TIMEOUT_NANOS) {
          throw new IllegalStateException("the " + (watchList ? "watch-list" : "list") + " sync did not finish: "
              + informer.status());
        }
        Thread.sleep(1);
      }
      return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    } finally {
      informer.stop(Duration.ofSeconds(5));
    }
  }
}
