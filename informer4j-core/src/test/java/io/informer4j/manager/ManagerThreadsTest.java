package io.informer4j.manager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Result;
import io.informer4j.informer.EventHandler;
import io.informer4j.reader.CacheOptions;
import io.informer4j.reader.MapEntry;
import io.informer4j.source.WatchEvent;
import io.informer4j.testing.FakeBackend;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * With its defaults, a manager runs every informer and handler on its runtime's pools, whose size
 * does not depend on how many informers there are, and each controller adds its configured workers
 * and nothing else; every thread name reads as one word, even when the names given are type names.
 */
class ManagerThreadsTest {

  private static final int CORES = Runtime.getRuntime().availableProcessors();
  /** InformerRuntime's default pools at their size: 4 I/O, max(2, cores) cache, max(4, 2 × cores) dispatch, 1 timer. */
  private static final int RUNTIME_THREADS = 4 + Math.max(2, CORES) + Math.max(4, 2 * CORES) + 1;
  private static final int OBJECTS_PER_NAMESPACE = 25;
  private static final int NAMESPACES = 20;
  private static final int WORKERS = 2;
  /** A runtime thread: {@code informer4j-<manager>-<pool>-<n>}, the manager's name without spaces or commas. */
  private static final Pattern RUNTIME_THREAD = Pattern.compile("informer4j-[^ ,]+-(io|cache|dispatch|timer)-\\d+");
  /** A controller's worker: {@code informer4j-controller[<controller>]-worker-<i>}. */
  private static final Pattern WORKER_THREAD = Pattern.compile("informer4j-controller\\[[^ ,]+]-worker-\\d+");

  /** The informer4j threads alive now that were not alive at the baseline, sorted into runtime and worker threads. */
  private record Census(List<String> runtime, List<String> workers, List<String> other) {

    static Census since(Set<Thread> baseline) {
      List<String> runtime = new ArrayList<>();
      List<String> workers = new ArrayList<>();
      List<String> other = new ArrayList<>();
      for (Thread thread : Thread.getAllStackTraces().keySet()) {
        String name = thread.getName();
        if (baseline.contains(thread) || !thread.isAlive() || !name.startsWith("informer4j-")) {
          continue;
        }
        (RUNTIME_THREAD.matcher(name).matches() ? runtime : WORKER_THREAD.matcher(name).matches() ? workers : other)
            .add(name);
      }
      return new Census(runtime, workers, other);
    }
  }

  private static Set<Thread> liveThreads() {
    return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).collect(Collectors.toSet());
  }

  @Test
  void oneAndTwentyInformersWithAHandlerEachRunOnTheSameBoundedPools() throws InterruptedException {
    for (int informers : new int[] {1, NAMESPACES}) {
      List<Census> censuses = informers(informers);
      for (Census census : censuses) {
        assertThat(census.runtime()).as("runtime threads of %d informers", informers).isNotEmpty()
            .hasSizeLessThanOrEqualTo(RUNTIME_THREADS);
        assertThat(census.workers()).as("workers of %d informers", informers).isEmpty();
        assertThat(census.other()).as("other threads of %d informers", informers).isEmpty();
      }
    }
  }

  @Test
  void oneAndTenControllersAddTheirConfiguredWorkersAndNothingElse() throws InterruptedException {
    for (int controllers : new int[] {1, 10}) {
      List<Census> censuses = controllers(controllers);
      for (Census census : censuses) {
        assertThat(census.workers()).as("workers of %d controllers", controllers).hasSize(controllers * WORKERS);
        assertThat(census.runtime()).as("runtime threads of %d controllers", controllers).isNotEmpty()
            .hasSizeLessThanOrEqualTo(RUNTIME_THREADS);
        assertThat(census.other()).as("other threads of %d controllers", controllers).isEmpty();
      }
    }
  }

  /**
   * Runs {@code count} pod informers (all namespaces, or one per namespace) with a counting handler
   * each on a manager named like a sentence; returns the census after the sync and after one update
   * of every object.
   */
  private static List<Census> informers(int count) throws InterruptedException {
    FakeBackend backend = new FakeBackend();
    CacheOptions.Builder options = CacheOptions.builder();
    List<Fed> sources = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String namespace = count == 1 ? "" : "ns-" + i;
      if (count > 1) {
        options.namespace(namespace);
      }
      sources.add(Fed.fill(backend.source(FakeBackend.PODS, namespace), count == 1 ? NAMESPACES : 1, i));
    }
    Set<Thread> baseline = liveThreads();
    Manager manager = Manager.builder(backend).name("shop operator, " + count).cacheOptions(options.build()).build();
    LongAdder adds = new LongAdder();
    LongAdder updates = new LongAdder();
    EventHandler<Item> handler = new EventHandler<>() {
      @Override
      public void onAdd(Item object, boolean inInitialList) {
        adds.increment();
      }

      @Override
      public void onUpdate(Item oldObject, Item newObject) {
        updates.increment();
      }
    };
    List<MapEntry<Item>> entries = manager.cache().informersOf(FakeBackend.PODS, false);
    assertThat(entries).hasSize(count);
    entries.forEach(entry -> entry.informer().addEventHandler(handler));
    try {
      return run(manager, baseline, adds, updates, sources, NAMESPACES * OBJECTS_PER_NAMESPACE, Function.identity());
    } finally {
      assertThat(manager.stop(Duration.ofSeconds(10))).isTrue();
    }
  }

  /**
   * Runs {@code count} controllers of {@value #WORKERS} workers over the pods of every namespace, named
   * after the type as a user might; returns the census after every controller reconciled every pod,
   * and after it reconciled every pod's update.
   */
  private static List<Census> controllers(int count) throws InterruptedException {
    FakeBackend backend = new FakeBackend();
    List<Fed> sources = List.of(Fed.fill(backend.source(FakeBackend.PODS), NAMESPACES, 0));
    Set<Thread> baseline = liveThreads();
    Manager manager = Manager.builder(backend).name("controllers, " + count).build();
    LongAdder reconciles = new LongAdder();
    for (int c = 0; c < count; c++) {
      manager.controller(FakeBackend.PODS.key() + " " + c, FakeBackend.PODS).workers(WORKERS).reconcile(key -> {
        reconciles.increment();
        return Result.done();
      });
    }
    try {
      return run(manager, baseline, reconciles, reconciles, sources, NAMESPACES * OBJECTS_PER_NAMESPACE,
          objects -> (long) count * objects);
    } finally {
      assertThat(manager.stop(Duration.ofSeconds(10))).isTrue();
    }
  }

  /** A fake source and the pods it lists. */
  private record Fed(FakeSource source, List<Item> items) {

    /** Puts {@value #OBJECTS_PER_NAMESPACE} pods in each of {@code namespaces} namespaces from {@code ns-<first>} on. */
    static Fed fill(FakeSource source, int namespaces, int first) {
      List<Item> items = new ArrayList<>();
      for (int n = 0; n < namespaces; n++) {
        for (int i = 0; i < OBJECTS_PER_NAMESPACE; i++) {
          Item item = Item.of("ns-" + (first + n), "pod-" + i, "1");
          source.put(item);
          items.add(item);
        }
      }
      return new Fed(source, items);
    }

    /** Sends an update of every pod through the source's watch. */
    void updateAll() {
      FakeSource.Watch watch = source.lastWatch();
      items.forEach(item -> watch.send(WatchEvent.modified(item.withVersion("2"))));
    }
  }

  /**
   * Starts the manager, takes a census once {@code seen} reached what every object means, updates
   * every object once through the watches, takes a census once {@code seenUpdates} counted them too.
   */
  private static List<Census> run(Manager manager, Set<Thread> baseline, LongAdder seen, LongAdder seenUpdates,
                                  List<Fed> sources, int objects, Function<Long, Long> perObjects) {
    manager.start();
    await().atMost(Duration.ofSeconds(30)).until(() -> seen.sum() >= perObjects.apply((long) objects) && manager.isReady());
    Census synced = Census.since(baseline);
    long before = seenUpdates.sum();
    sources.forEach(Fed::updateAll);
    await().atMost(Duration.ofSeconds(30)).until(() -> seenUpdates.sum() - before >= perObjects.apply((long) objects));
    return List.of(synced, Census.since(baseline));
  }
}
