package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.source.ExpiredException;
import io.informer4j.source.WatchEvent;
import io.informer4j.testing.InformerTestSupport;
import io.informer4j.testing.Item;
import io.informer4j.testing.RecordingHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What handlers hear, and when: atomic relists, tombstones, deletes of what the cache does not hold,
 * late joiners, resync targeting.
 */
class InformerDeliveryTest extends InformerTestSupport {


  private void relist() {
    source.lastWatch().end(new ExpiredException("gone"));
    fixture.clock.advance(Duration.ofSeconds(30));
  }

  @Test
  void aRelistReplacesTheCacheBeforeHandlersHearDeletesAddsAndUpdates() throws InterruptedException {
    source.put(Item.of("ns", "stays", "1"));
    source.put(Item.of("ns", "changes", "2"));
    source.put(Item.of("ns", "vanishes", "3"));
    source.setResourceVersion("3");
    informer = fixture.builder().build();
    List<String> seen = new ArrayList<>();
    informer.addEventHandler(new EventHandler<>() {
      @Override
      public void onAdd(Item object, boolean initial) {
        record("add " + object.name());
      }

      @Override
      public void onUpdate(Item oldObject, Item newObject) {
        record("update " + newObject.name() + " " + oldObject.resourceVersion() + "->" + newObject.resourceVersion());
      }

      @Override
      public void onDelete(Item lastState, boolean unknown) {
        record("delete " + lastState.name() + (unknown ? " tombstone" : ""));
      }

      private void record(String what) {
        synchronized (seen) {
          seen.add(what + " cache=" + new java.util.TreeSet<>(informer.indexer().listKeys()));
        }
      }
    }, HandlerOptions.named("checker"));
    informer.start();
    await().until(() -> source.watches().size() == 1);
    synchronized (seen) {
      seen.clear();
    }
    source.remove("ns/vanishes");
    source.put(Item.of("ns", "changes", "5"));
    source.put(Item.of("ns", "new", "6"));
    source.setResourceVersion("6");
    relist();
    await().until(() -> seen.size() == 4);
    String after = " cache=[ns/changes, ns/new, ns/stays]";
    assertThat(seen).containsExactly("delete vanishes tombstone" + after, "update changes 2->5" + after,
        "add new" + after, "update stays 1->1" + after);
    assertThat(informer.status().relists()).isEqualTo(1);
  }

  @Test
  void handlersAddedBeforeStartSyncAfterTheirInitialAdds() throws Exception {
    source.put(Item.of("ns", "a", "1"));
    source.put(Item.of("ns", "b", "2"));
    informer = fixture.builder().build();
    CountDownLatch release = new CountDownLatch(1);
    HandlerRegistration slow = informer.addEventHandler(new EventHandler<>() {
      @Override
      public void onAdd(Item object, boolean initial) {
        block(release);
      }
    }, HandlerOptions.named("slow"));
    RecordingHandler fast = new RecordingHandler();
    HandlerRegistration quick = informer.addEventHandler(fast, HandlerOptions.named("fast"));
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    quick.synced().join();
    assertThat(fast.events()).containsExactlyInAnyOrder("add ns/a@1 initial", "add ns/b@2 initial");
    assertThat(slow.hasSynced()).isFalse();
    release.countDown();
    slow.synced().get(60, TimeUnit.SECONDS);
    assertThat(slow.hasSynced()).isTrue();
  }

  @Test
  void aLateJoinerGetsTheCacheAsInitialAddsBeforeLaterChanges() throws InterruptedException {
    source.put(Item.of("ns", "a", "1"));
    source.setResourceVersion("1");
    informer = fixture.builder().build();
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    await().until(() -> source.watches().size() == 1);
    RecordingHandler late = new RecordingHandler();
    HandlerRegistration registration = informer.addEventHandler(late, HandlerOptions.named("late"));
    source.lastWatch().send(WatchEvent.modified(Item.of("ns", "a", "2")));
    await().until(() -> late.size() == 2);
    assertThat(late.events()).containsExactly("add ns/a@1 initial", "update ns/a@1->2");
    assertThat(registration.hasSynced()).isTrue();
  }

  @Test
  void aDeleteOfAnObjectTheCacheDoesNotHoldIsNotTold() throws InterruptedException {
    source.put(Item.of("ns", "a", "1"));
    source.setResourceVersion("1");
    informer = fixture.builder().build();
    RecordingHandler handler = new RecordingHandler();
    informer.addEventHandler(handler, HandlerOptions.named("recorder"));
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    await().until(() -> source.watches().size() == 1);

    source.lastWatch().send(WatchEvent.deleted(Item.of("ns", "a", "2")));
    source.lastWatch().send(WatchEvent.deleted(Item.of("ns", "a", "2")));
    source.lastWatch().send(WatchEvent.deleted(Item.of("ns", "never-cached", "3")));
    source.lastWatch().send(WatchEvent.added(Item.of("ns", "b", "4")));

    await().until(() -> handler.size() >= 3);
    assertThat(handler.events()).containsExactly("add ns/a@1 initial", "delete ns/a@2", "add ns/b@4");
    assertThat(informer.lastSyncResourceVersion()).isEqualTo("4");
  }

  @Test
  void resyncGoesOnlyToTheHandlersThatAreDue() throws InterruptedException {
    source.put(Item.of("ns", "a", "1"));
    informer = fixture.builder().build();
    RecordingHandler every2 = new RecordingHandler();
    RecordingHandler every4 = new RecordingHandler();
    RecordingHandler never = new RecordingHandler();
    informer.addEventHandler(every2, HandlerOptions.named("2s").withResync(Duration.ofSeconds(2)));
    informer.addEventHandler(every4, HandlerOptions.named("4s").withResync(Duration.ofSeconds(4)));
    informer.addEventHandler(never, HandlerOptions.named("never"));
    informer.start();
    await().until(() -> every2.size() == 1 && every4.size() == 1 && never.size() == 1);
    fixture.clock.advance(Duration.ofSeconds(2));
    await().until(() -> every2.size() == 2);
    fixture.clock.advance(Duration.ofSeconds(2));
    await().until(() -> every2.size() == 3 && every4.size() == 2);
    source.lastWatch().send(WatchEvent.modified(Item.of("ns", "a", "2")));
    await().until(() -> never.size() == 2);
    assertThat(every2.events()).containsExactly("add ns/a@1 initial", "update ns/a@1->1", "update ns/a@1->1", "update ns/a@1->2");
    assertThat(every4.events()).containsExactly("add ns/a@1 initial", "update ns/a@1->1", "update ns/a@1->2");
    assertThat(never.events()).containsExactly("add ns/a@1 initial", "update ns/a@1->2");
  }

  @Test
  void handlerResyncIsAtLeastOneSecondAndLateShortPeriodsAreRaised() throws InterruptedException {
    informer = fixture.builder().resyncPeriod(Duration.ofSeconds(10)).build();
    assertThat(informer.addEventHandler(new RecordingHandler(), HandlerOptions.named("tiny").withResync(Duration.ofMillis(10)))
        .resyncPeriod()).isEqualTo(Duration.ofSeconds(1));
    informer.start();
    assertThat(informer.addEventHandler(new RecordingHandler(), HandlerOptions.named("late").withResync(Duration.ofMillis(1500)))
        .resyncPeriod()).isEqualTo(Duration.ofSeconds(1).plusMillis(500));
    assertThat(informer.addEventHandler(new RecordingHandler()).resyncPeriod()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void aRemovedHandlerHearsNothingMore() throws InterruptedException {
    informer = fixture.builder().build();
    RecordingHandler handler = new RecordingHandler();
    HandlerRegistration registration = informer.addEventHandler(handler, HandlerOptions.named("h"));
    RecordingHandler witness = new RecordingHandler();
    informer.addEventHandler(witness, HandlerOptions.named("witness"));
    informer.start();
    await().until(() -> source.watches().size() == 1);
    source.lastWatch().send(WatchEvent.added(Item.of("ns", "a", "2")));
    await().until(() -> handler.size() == 1);
    assertThat(informer.removeEventHandlerAndWait(registration, Duration.ofSeconds(5))).isTrue();
    source.lastWatch().send(WatchEvent.added(Item.of("ns", "b", "3")));
    await().until(() -> witness.size() == 2);
    assertThat(handler.events()).containsExactly("add ns/a@2");
    assertThat(registration.isRemoved()).isTrue();
  }

  private static void block(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
