package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.InformerTestSupport;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * Connections that go silent, servers that ignore watch-list, servers that go away and come back,
 * corrupt streams and a closed runtime: none leaves an informer waiting forever or reporting a health
 * it does not have.
 */
class ConnectionLivenessTest extends InformerTestSupport {

  private FakeSource.Watch startWatching(SharedIndexInformer.Builder<Item> builder) throws InterruptedException {
    informer = builder.build();
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    return source.lastWatch();
  }

  @Test
  void aQuietWatchOfASourceThatCannotBeAskedForProgressIsRotatedWithoutAnError() throws InterruptedException {
    FakeSource.Watch watch = startWatching(fixture.builder());
    fixture.clock.advance(Duration.ofSeconds(15));
    assertThat(watch.progressRequests()).isEqualTo(1);
    assertThat(source.watches()).hasSize(1);

    fixture.clock.advance(Duration.ofSeconds(15));
    await().until(() -> source.watches().size() == 2);
    assertThat(watch.isClosedByClient()).isTrue();
    assertThat(source.lastWatch().request.resourceVersion()).isEqualTo("1");
    assertThat(source.lists()).hasSize(1);
    assertThat(informer.status().idleTimeouts()).isEqualTo(1);
    assertThat(informer.status().errors()).isZero();
  }

  @Test
  void aWatchThatStaysSilentAfterAProgressRequestIsDeadAndCountsAsAFailure() throws InterruptedException {
    source.answerProgressRequests();
    FakeSource.Watch watch = startWatching(fixture.builder().watchIdleTimeout(Duration.ofSeconds(10)));
    fixture.clock.advance(Duration.ofSeconds(5));
    assertThat(watch.progressRequests()).isEqualTo(1);
    fixture.clock.advance(Duration.ofSeconds(5));
    await().until(() -> informer.status().errors() == 1);
    assertThat(informer.status().lastError()).contains("presumed dead");
    assertThat(informer.status().idleTimeouts()).isEqualTo(1);
    assertThat(informer.state()).isEqualTo(InformerState.BACKOFF);

    fixture.clock.advance(Duration.ofSeconds(1));
    await().until(() -> source.watches().size() == 2);
    assertThat(source.lastWatch().request.resourceVersion()).isEqualTo("1");
    assertThat(source.lists()).hasSize(1);
  }

  @Test
  void aBookmarkAnsweringTheProgressRequestKeepsTheWatch() throws InterruptedException {
    source.answerProgressRequests();
    FakeSource.Watch watch = startWatching(fixture.builder());
    for (int i = 0; i < 6; i++) {
      fixture.clock.advance(Duration.ofSeconds(15));
      watch.send(WatchEvent.bookmark(Integer.toString(2 + i), false));
    }
    assertThat(watch.progressRequests()).isEqualTo(6);
    assertThat(source.watches()).hasSize(1);
    assertThat(informer.status().idleTimeouts()).isZero();
    assertThat(informer.lastSyncResourceVersion()).isEqualTo("7");
  }

  @Test
  void aListThatReceivesNothingIsAbandonedAfterTheReadTimeoutAndRetried() throws InterruptedException {
    CountDownLatch silent = new CountDownLatch(1);
    source.holdLists(silent);
    source.put(Item.of("ns", "a", "1"));
    informer = fixture.builder().readTimeout(Duration.ofSeconds(20)).build();
    informer.start();
    await().until(() -> informer.state() == InformerState.LISTING);
    fixture.clock.advance(Duration.ofSeconds(20));

    await().until(() -> informer.status().errors() == 1);
    assertThat(informer.status().lastError()).contains("received nothing for PT20S");
    assertThat(informer.status().idleTimeouts()).isEqualTo(1);
    silent.countDown();
    fixture.clock.advance(Duration.ofSeconds(1));
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
  }

  @Test
  void aWatchListWhoseInitialEventsNeverEndFallsBackToListingAndTellsTheSource() throws InterruptedException {
    source.put(Item.of("ns", "a", "1"));
    informer = fixture.builder().watchList(true).watchListTimeout(Duration.ofSeconds(10)).build();
    informer.start();
    FakeSource.Watch watchList = source.lastWatch();
    assertThat(watchList.request.sendInitialEvents()).isTrue();
    watchList.send(WatchEvent.added(Item.of("ns", "a", "1")));
    fixture.clock.advance(Duration.ofSeconds(6));
    watchList.send(WatchEvent.added(Item.of("ns", "b", "1")));
    fixture.clock.advance(Duration.ofSeconds(6));
    assertThat(informer.hasSynced()).isFalse();
    assertThat(watchList.isClosedByClient()).isFalse();

    fixture.clock.advance(Duration.ofSeconds(4));
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(watchList.isClosedByClient()).isTrue();
    assertThat(source.lists()).hasSize(1);
    assertThat(informer.indexer().listKeys()).containsExactly("ns/a");
    assertThat(informer.status().watchListFallbacks()).isEqualTo(1);
    assertThat(source.watchListUnavailableReasons()).singleElement().asString()
        .contains("no initial event and no initial-events-end bookmark for PT10S after 2 initial objects");
    await().until(() -> source.watches().size() == 2);
    assertThat(source.lastWatch().request.sendInitialEvents()).isFalse();
  }

  @Test
  void aRejectedWatchListIsCountedAndReportedToTheSource() throws InterruptedException {
    source.rejectWatchList();
    informer = fixture.builder().watchList(true).build();
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(informer.status().watchListFallbacks()).isEqualTo(1);
    assertThat(source.watchListUnavailableReasons()).singleElement().asString().contains("rejected");
  }

  @Test
  void refusedConnectionsAreRetriedWithinAboutASecondHoweverLongTheOutage() throws InterruptedException {
    FakeSource.Watch watch = startWatching(fixture.builder());
    for (int i = 0; i < 20; i++) {
      source.failNextWatch(new TransientSourceException("connection refused", TransientSourceException.Reason.CONNECTION_REFUSED));
    }
    fixture.clock.advance(Duration.ofSeconds(2));
    watch.end(new TransientSourceException("connection reset", TransientSourceException.Reason.CONNECTION_LOST));
    for (int attempt = 1; attempt <= 20; attempt++) {
      int attempts = attempt;
      fixture.clock.advance(Duration.ofSeconds(1));
      await().until(() -> source.watchRequests().size() >= 1 + attempts);
    }
    fixture.clock.advance(Duration.ofSeconds(1));
    await().until(() -> source.watches().size() == 2);
    assertThat(informer.state()).isEqualTo(InformerState.WATCHING);
    assertThat(source.lists()).hasSize(1);
  }

  @Test
  void serverErrorsKeepTheLongBackoff() throws InterruptedException {
    FakeSource.Watch watch = startWatching(fixture.builder());
    source.failNextWatch(new TransientSourceException("unavailable", TransientSourceException.Reason.UNAVAILABLE));
    source.failNextWatch(new TransientSourceException("unavailable", TransientSourceException.Reason.UNAVAILABLE));
    watch.end(new TransientSourceException("internal error", TransientSourceException.Reason.INTERNAL_ERROR));
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.lists().size() == 2);
    await().until(() -> source.watchRequests().size() == 2);
    fixture.clock.advance(Duration.ofMillis(1500));
    assertThat(source.watchRequests()).hasSize(2);
    fixture.clock.advance(Duration.ofMillis(100));
    await().until(() -> source.watchRequests().size() == 3);
  }

  @Test
  void aCorruptStreamIsAnErrorAndTheWatchResumesFromTheLastGoodVersion() throws InterruptedException {
    FakeSource.Watch watch = startWatching(fixture.builder());
    watch.send(WatchEvent.added(Item.of("ns", "a", "5")));
    watch.end(new TransientSourceException("half an event", TransientSourceException.Reason.CORRUPT_STREAM));
    assertThat(informer.status().errors()).isEqualTo(1);
    fixture.clock.advance(Duration.ofSeconds(1));
    await().until(() -> source.watches().size() == 2);
    assertThat(source.lastWatch().request.resourceVersion()).isEqualTo("5");
    assertThat(source.lists()).hasSize(1);
  }

  @Test
  void startingOnAClosedRuntimeFailsLoudly() throws InterruptedException {
    fixture.runtime.stop(Duration.ofSeconds(5));
    informer = fixture.builder().build();
    assertThatThrownBy(informer::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("is closed");
    assertThat(informer.state()).isEqualTo(InformerState.FAILED);
    assertThat(informer.status().lastError()).as("a FAILED status carries its cause").contains("cannot start", "is closed");
    assertThat(informer.stopped()).failsWithin(Duration.ofSeconds(5)).withThrowableOfType(ExecutionException.class)
        .withCauseInstanceOf(InformerFailedException.class);
    assertThat(informer.synced()).isCompletedExceptionally();
  }

  @Test
  void aRuntimeClosedUnderARunningInformerFailsIt() throws InterruptedException {
    FakeSource.Watch watch = startWatching(fixture.builder());
    fixture.runtime.stop(Duration.ofSeconds(5));
    watch.end(null);
    fixture.clock.advance(Duration.ofSeconds(1));
    assertThat(informer.stopped()).failsWithin(Duration.ofSeconds(5)).withThrowableOfType(ExecutionException.class)
        .havingRootCause().withMessage("the informer runtime informer4j-test is closed");
    assertThat(informer.state()).isEqualTo(InformerState.FAILED);
    assertThat(informer.status().lastError()).as("a FAILED status carries its cause").contains("is closed");
  }
}
