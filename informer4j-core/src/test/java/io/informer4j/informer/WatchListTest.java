package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.source.ExpiredException;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.TooManyRequestsException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchRequest;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.InformerTestSupport;
import io.informer4j.testing.Item;
import io.informer4j.testing.RecordingHandler;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Streaming the initial state (watch-list), and falling back to listing. */
class WatchListTest extends InformerTestSupport {


  private void start(SharedIndexInformer.Builder<Item> builder) {
    informer = builder.watchList(true).build();
    informer.start();
  }

  @Test
  void streamsTheInitialStateAndKeepsTheSameWatch() throws InterruptedException {
    source.put(Item.of("ns", "a", "4"));
    source.put(Item.of("ns", "b", "5"));
    source.setResourceVersion("9");
    RecordingHandler handler = new RecordingHandler();
    informer = fixture.builder().watchList(true).build();
    HandlerRegistration registration = informer.addEventHandler(handler, HandlerOptions.named("rec"));
    informer.start();
    await().until(() -> source.watches().size() == 1);
    FakeSource.Watch watch = source.lastWatch();
    assertThat(watch.request.sendInitialEvents()).isTrue();
    assertThat(watch.request.match()).isEqualTo(ResourceVersionMatch.NOT_OLDER_THAN);
    assertThat(watch.request.resourceVersion()).isEmpty();
    assertThat(watch.request.allowBookmarks()).isTrue();

    watch.send(WatchEvent.added(Item.of("ns", "a", "4")));
    watch.send(WatchEvent.bookmark("7", false));
    assertThat(informer.hasSynced()).isFalse();
    assertThat(informer.indexer().size()).isZero();
    watch.send(WatchEvent.added(Item.of("ns", "b", "5")));
    watch.send(WatchEvent.bookmark("9", true));
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(informer.indexer().listKeys()).containsExactlyInAnyOrder("ns/a", "ns/b");
    assertThat(informer.lastSyncResourceVersion()).isEqualTo("9");
    assertThat(informer.state()).isEqualTo(InformerState.WATCHING);

    watch.send(WatchEvent.modified(Item.of("ns", "a", "10")));
    await().until(() -> handler.size() == 3);
    assertThat(handler.events()).containsExactly("add ns/a@4 initial", "add ns/b@5 initial", "update ns/a@4->10");
    assertThat(registration.hasSynced()).isTrue();
    assertThat(source.lists()).isEmpty();
  }

  @Test
  void aRejectedWatchListFallsBackToListingForGood() throws InterruptedException {
    source.declareNoWatchList();
    source.setResourceVersion("9");
    start(fixture.builder());
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(source.lists()).hasSize(1);
    await().until(() -> source.watches().size() == 1);
    assertThat(source.lastWatch().request.sendInitialEvents()).isFalse();
  }

  @Test
  void a422AtOpenFallsBackToListingAndIsNotTriedAgain() throws InterruptedException {
    source.rejectWatchList();
    source.setResourceVersion("9");
    start(fixture.builder());
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    await().until(() -> source.watches().size() == 1);
    source.lastWatch().end(new ExpiredException("gone"));
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.watches().size() == 2);
    assertThat(source.watchRequests()).filteredOn(WatchRequest::sendInitialEvents).hasSize(1);
    assertThat(source.lists()).hasSize(2);
  }

  @Test
  void anyOtherErrorFallsBackToListingForThisAttemptOnly() throws InterruptedException {
    source.failNextWatch(new TransientSourceException("boom", TransientSourceException.Reason.INTERNAL_ERROR, 500, null));
    source.setResourceVersion("9");
    start(fixture.builder());
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(source.lists()).hasSize(1);
    await().until(() -> source.watches().size() == 1);
    source.lastWatch().end(new ExpiredException("gone"));
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.watches().size() == 2);
    assertThat(source.lastWatch().request.sendInitialEvents()).isTrue();
  }

  @Test
  void throttlingRetriesTheWatchListAfterBackoff() throws InterruptedException {
    source.failNextWatch(new TooManyRequestsException("slow", null));
    start(fixture.builder());
    await().until(() -> informer.state() == InformerState.BACKOFF);
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.watches().size() == 1);
    assertThat(source.lastWatch().request.sendInitialEvents()).isTrue();
    assertThat(source.lists()).isEmpty();
  }

  @Test
  void aStreamEndingBeforeTheBookmarkFallsBackToListing() throws InterruptedException {
    source.put(Item.of("ns", "a", "4"));
    start(fixture.builder());
    await().until(() -> source.watches().size() == 1);
    source.lastWatch().send(WatchEvent.added(Item.of("ns", "a", "4")));
    source.lastWatch().end(null);
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(source.lists()).hasSize(1);
  }

  @Test
  void initialEventsSettleToOneStatePerKeyBeforeHandlersHearOfThem() throws InterruptedException {
    RecordingHandler handler = new RecordingHandler();
    informer = fixture.builder().watchList(true).build();
    informer.addEventHandler(handler, HandlerOptions.named("rec"));
    informer.start();
    await().until(() -> source.watches().size() == 1);
    FakeSource.Watch watch = source.lastWatch();
    watch.send(WatchEvent.added(Item.of("ns", "a", "4")));
    watch.send(WatchEvent.added(Item.of("ns", "b", "5")));
    watch.send(WatchEvent.modified(Item.of("ns", "a", "6")));
    watch.send(WatchEvent.bookmark("6", true));
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    await().until(() -> handler.size() == 2);
    assertThat(handler.events()).containsExactly("add ns/b@5 initial", "add ns/a@6 initial");
  }

  @Test
  void anInitialEventThatDeletesRemovesTheObjectFromTheInitialState() throws InterruptedException {
    start(fixture.builder());
    await().until(() -> source.watches().size() == 1);
    FakeSource.Watch watch = source.lastWatch();
    watch.send(WatchEvent.added(Item.of("ns", "a", "4")));
    watch.send(WatchEvent.added(Item.of("ns", "b", "5")));
    watch.send(WatchEvent.deleted(Item.of("ns", "a", "6")));
    watch.send(WatchEvent.added(Item.of("ns", "c", "7")));
    watch.send(WatchEvent.modified(Item.of("ns", "b", "8")));
    watch.send(WatchEvent.bookmark("8", true));
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(informer.indexer().listKeys()).containsExactlyInAnyOrder("ns/b", "ns/c");
    assertThat(informer.indexer().get("ns/b").resourceVersion()).isEqualTo("8");
  }

  @Test
  void theTransformAppliesToTheBufferedInitialState() throws InterruptedException {
    source.put(Item.of("ns", "a", "4").withData("big"));
    source.setResourceVersion("4");
    start(fixture.builder().transform(item -> item.withData("")));
    await().until(() -> source.watches().size() == 1);
    source.sendInitialEvents(source.lastWatch());
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(informer.indexer().get("ns/a").data()).isEmpty();
  }
}
