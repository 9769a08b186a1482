package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.source.WatchEvent;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import io.informer4j.testing.RecordingHandler;
import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Handlers that never return freeze nothing but themselves: every cache keeps applying changes, the
 * handlers of other informers keep receiving them (the handler pool grows by one thread per blocked
 * handler), the stuck handlers are reported, their backlogs stay bounded by the number of objects,
 * and once released they catch up to the cache exactly.
 */
class StuckHandlersTest {

  private final ManualClock clock = new ManualClock();
  private final InformerRuntime runtime = InformerRuntime.builder("stuck").time(clock, clock).dispatchThreads(2)
      .cacheThreads(1).handlerStuckThreshold(Duration.ofSeconds(10)).handlerBacklogLimit(500).build();
  private final FakeSource stuckSource = new FakeSource();
  private final FakeSource otherSource = new FakeSource();
  private final CountDownLatch release = new CountDownLatch(1);
  private final AtomicInteger blockedHandlers = new AtomicInteger();

  @AfterEach
  void close() throws InterruptedException {
    release.countDown();
    runtime.stop(Duration.ofSeconds(5));
  }

  private SharedIndexInformer<Item> informer(String name, FakeSource source) {
    return SharedIndexInformer.builder(source, Item.ADAPTER).name(name).runtime(runtime).watchList(false)
        .random(() -> 0.0).build();
  }

  /** A handler that blocks on its first notification until released, then keeps a view of the cache. */
  private final class BlockingHandler implements EventHandler<Item> {
    final Map<String, Item> view = new ConcurrentHashMap<>();

    private void block() {
      blockedHandlers.incrementAndGet();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void onAdd(Item object, boolean inInitialList) {
      block();
      view.put(object.key(), object);
    }

    @Override
    public void onUpdate(Item oldObject, Item newObject) {
      view.put(newObject.key(), newObject);
    }

    @Override
    public void onDelete(Item lastState, boolean finalStateUnknown) {
      view.remove(lastState.key());
    }
  }

  private void advanceSeconds(int seconds) {
    for (int i = 0; i < seconds; i++) {
      clock.advance(Duration.ofSeconds(1));
    }
  }

  @Test
  void blockedHandlersFreezeNoCacheAndNoOtherHandler() throws InterruptedException {
    stuckSource.put(Item.of("ns", "a", "1"));
    otherSource.put(Item.of("ns", "x", "1"));
    SharedIndexInformer<Item> stuck = informer("stuck", stuckSource);
    List<BlockingHandler> blocking = List.of(new BlockingHandler(), new BlockingHandler(), new BlockingHandler());
    for (int i = 0; i < blocking.size(); i++) {
      stuck.addEventHandler(blocking.get(i), HandlerOptions.named("blocking-" + i));
    }
    SharedIndexInformer<Item> other = informer("other", otherSource);
    RecordingHandler recorder = new RecordingHandler();
    other.addEventHandler(recorder, HandlerOptions.named("recorder"));
    stuck.start();
    other.start();
    assertThat(stuck.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(other.waitForCacheSync(Duration.ofSeconds(5))).isTrue();

    await().until(() -> blockedHandlers.get() == 2);
    advanceSeconds(3);
    await().until(() -> recorder.size() == 1 && blockedHandlers.get() == 3);
    FakeSource.Watch stuckWatch = stuckSource.lastWatch();
    stuckWatch.send(WatchEvent.added(Item.of("ns", "b", "2")));
    otherSource.lastWatch().send(WatchEvent.added(Item.of("ns", "y", "2")));
    await().until(() -> stuck.indexer().size() == 2 && recorder.size() == 2);
    assertThat(stuck.status().cacheLag()).isZero();

    advanceSeconds(12);
    assertThat(stuck.status().stuckHandlers()).containsExactlyInAnyOrder("blocking-0", "blocking-1", "blocking-2");
    assertThat(other.status().stuckHandlers()).isEmpty();
    assertThat(stuck.handlers()).allMatch(HandlerRegistration::isStuck);

    for (int i = 0; i < 20_000; i++) {
      stuckWatch.send(WatchEvent.modified(Item.of("ns", "k" + (i % 50), Integer.toString(10 + i))));
    }
    await().until(() -> stuck.indexer().size() == 52);
    assertThat(stuck.handlers()).allMatch(h -> h.pending() <= 1000);

    release.countDown();
    for (BlockingHandler handler : blocking) {
      await().atMost(60, TimeUnit.SECONDS).until(() -> handler.view.size() == 52);
      assertThat(handler.view).containsExactlyInAnyOrderEntriesOf(cacheOf(stuck));
    }
    advanceSeconds(1);
    assertThat(stuck.status().stuckHandlers()).isEmpty();
  }

  private static Map<String, Item> cacheOf(SharedIndexInformer<Item> informer) {
    Map<String, Item> cache = new ConcurrentHashMap<>();
    informer.indexer().list().forEach(item -> cache.put(item.key(), item));
    return cache;
  }

  @Test
  void aFrozenCacheShowsItsLag() throws InterruptedException {
    CountDownLatch indexRelease = new CountDownLatch(1);
    stuckSource.put(Item.of("ns", "a", "1"));
    SharedIndexInformer<Item> informer = informer("frozen", stuckSource);
    informer.addIndexers(Map.of("blocking", item -> {
      if (item.name().equals("freeze")) {
        try {
          indexRelease.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return List.of(item.name());
    }));
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    stuckSource.lastWatch().send(WatchEvent.added(Item.of("ns", "freeze", "2")));
    stuckSource.lastWatch().send(WatchEvent.added(Item.of("ns", "after", "3")));
    clock.advance(Duration.ofSeconds(45));
    assertThat(informer.status().cacheLag()).isGreaterThanOrEqualTo(Duration.ofSeconds(45));
    indexRelease.countDown();
    await().until(() -> informer.indexer().size() == 3);
    await().until(() -> informer.status().cacheLag().isZero());
  }
}
