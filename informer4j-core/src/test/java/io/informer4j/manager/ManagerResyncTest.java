package io.informer4j.manager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Result;
import io.informer4j.informer.EventHandler;
import io.informer4j.meta.ObjectKey;
import io.informer4j.reader.CacheConfig;
import io.informer4j.reader.CacheOptions;
import io.informer4j.reader.MapEntry;
import io.informer4j.testing.FakeBackend;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Resync reaches a Manager's controllers as it reaches plain handlers: the informers' default (the
 * cache options) unless the controller sets its own, zero for never. Counts are checked against the
 * time that passed, with bounds a loaded machine cannot break: at least a few resyncs (awaited,
 * generously), never more than one per second.
 */
class ManagerResyncTest {

  private static final Duration ONE_SECOND = Duration.ofSeconds(1);
  private static final int KEYS = 5;

  private final FakeBackend backend = new FakeBackend();
  private Manager manager;

  @AfterEach
  void tearDown() throws InterruptedException {
    if (manager != null) {
      manager.stop(Duration.ofSeconds(10));
    }
  }

  private Map<ObjectKey, AtomicInteger> controller(String name, Duration resync) {
    Map<ObjectKey, AtomicInteger> reconciles = new ConcurrentHashMap<>();
    ControllerBuilder<Item> builder = manager.controller(name, FakeBackend.PODS).workers(2);
    if (resync != null) {
      builder.resyncPeriod(resync);
    }
    builder.reconcile(key -> {
      reconciles.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
      return Result.done();
    });
    return reconciles;
  }

  private void putObjects() {
    for (int i = 0; i < KEYS; i++) {
      backend.source(FakeBackend.PODS).put(Item.of("shop", "pod-" + i, "1"));
    }
  }

  private static boolean everyKeyAtLeast(Map<ObjectKey, AtomicInteger> reconciles, int times) {
    return reconciles.size() == KEYS && reconciles.values().stream().allMatch(count -> count.get() >= times);
  }

  /** At most the initial add and one resync per second passed since {@code startNanos}, plus one. */
  private static void assertAtMostOncePerSecond(Map<ObjectKey, AtomicInteger> reconciles, long startNanos) {
    long seconds = Duration.ofNanos(System.nanoTime() - startNanos).toSeconds();
    reconciles.forEach((key, count) -> assertThat(count.get()).as("reconciles of %s in %d s", key, seconds)
        .isLessThanOrEqualTo((int) seconds + 2));
  }

  @Test
  void aControllerWithAOneSecondResyncReconcilesEveryCachedKeyAboutOnceASecond() {
    putObjects();
    manager = Manager.builder(backend).name("resync").build();
    Map<ObjectKey, AtomicInteger> resyncing = controller("resyncing", ONE_SECOND);
    Map<ObjectKey, AtomicInteger> quiet = controller("quiet", null);
    long start = System.nanoTime();
    manager.start();

    await().atMost(Duration.ofSeconds(60)).until(() -> everyKeyAtLeast(resyncing, 4));

    assertAtMostOncePerSecond(resyncing, start);
    assertThat(quiet).as("no resync unless asked for").hasSize(KEYS)
        .allSatisfy((key, count) -> assertThat(count.get()).isEqualTo(1));
  }

  @Test
  void theInformersDefaultReachesControllersAndPlainHandlersAndZeroTurnsItOff() {
    putObjects();
    CacheOptions everySecond = CacheOptions.builder().defaults(CacheConfig.empty().withResyncPeriod(ONE_SECOND)).build();
    manager = Manager.builder(backend).name("resync-default").cacheOptions(everySecond).build();
    Map<ObjectKey, AtomicInteger> inheriting = controller("inheriting", null);
    Map<ObjectKey, AtomicInteger> off = controller("off", Duration.ZERO);
    LongAdder plainUpdates = new LongAdder();
    for (MapEntry<Item> entry : manager.cache().informersOf(FakeBackend.PODS, false)) {
      entry.informer().addEventHandler(new EventHandler<>() {
        @Override
        public void onUpdate(Item oldObject, Item newObject) {
          plainUpdates.increment();
        }
      });
    }
    long start = System.nanoTime();
    manager.start();

    await().atMost(Duration.ofSeconds(60)).until(() -> everyKeyAtLeast(inheriting, 3) && plainUpdates.sum() >= 2 * KEYS);

    assertAtMostOncePerSecond(inheriting, start);
    assertThat(off).as("a controller's zero turns the default off").hasSize(KEYS)
        .allSatisfy((key, count) -> assertThat(count.get()).isEqualTo(1));
  }
}
