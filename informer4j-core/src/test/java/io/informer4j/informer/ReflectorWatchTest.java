package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.source.ForbiddenException;
import io.informer4j.source.SourceException;
import io.informer4j.source.TooManyRequestsException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchRequest;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.InformerTestSupport;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the reflector reacts to each way a watch can end or fail. */
class ReflectorWatchTest extends InformerTestSupport {

  private final List<SourceException> reported = new ArrayList<>();

  private void startSynced(String listVersion) throws InterruptedException {
    source.setResourceVersion(listVersion);
    informer = fixture.builder().watchErrorHandler(e -> {
      synchronized (reported) {
        reported.add(e);
      }
    }).build();
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    await().until(() -> source.watches().size() == 1);
  }

  @Test
  void aCleanCloseAfterEventsReWatchesAtOnceFromTheLastVersion() throws InterruptedException {
    startSynced("10");
    source.lastWatch().send(WatchEvent.added(Item.of("ns", "a", "11")));
    source.lastWatch().send(WatchEvent.bookmark("15", false));
    source.lastWatch().end(null);
    await().until(() -> source.watches().size() == 2);
    assertThat(source.lastWatch().request.resourceVersion()).isEqualTo("15");
    assertThat(source.lists()).hasSize(1);
    assertThat(informer.status().errors()).isZero();
  }

  @Test
  void aDroppedConnectionIsANormalEndAndReWatches() throws InterruptedException {
    startSynced("10");
    source.lastWatch().send(WatchEvent.added(Item.of("ns", "a", "11")));
    source.lastWatch().end(new TransientSourceException("reset", TransientSourceException.Reason.CONNECTION_LOST));
    await().until(() -> source.watches().size() == 2);
    assertThat(source.lastWatch().request.resourceVersion()).isEqualTo("11");
    assertThat(source.lists()).hasSize(1);
  }

  @Test
  void aVeryShortWatchWithoutEventsIsAFailureThatRelists() throws InterruptedException {
    startSynced("10");
    source.lastWatch().end(null);
    await().until(() -> informer.state() == InformerState.BACKOFF);
    assertThat(informer.status().lastError()).contains("very short watch");
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.lists().size() == 2 && source.watches().size() == 2);
    assertThat(source.lists().get(1).resourceVersion()).isEqualTo("10");
  }

  @Test
  void aStaleWatchClosedQuietlyByTheServerDoesNotLoopOnTheSameVersion() throws InterruptedException {
    startSynced("10");
    for (int attempt = 0; attempt < 3; attempt++) {
      FakeSource.Watch watch = source.lastWatch();
      int watches = source.watches().size();
      watch.end(null);
      fixture.clock.advance(Duration.ofMillis(800L << attempt));
      await().until(() -> source.watches().size() == watches + 1);
    }
    assertThat(source.lists()).hasSize(4);
  }

  @Test
  void throttlingOnOpenReWatchesAfterRetryAfterWithoutRelisting() throws InterruptedException {
    source.failNextWatch(new TooManyRequestsException("storage is (re)initializing", Duration.ofSeconds(3)));
    source.setResourceVersion("10");
    informer = fixture.builder().build();
    informer.start();
    await().until(() -> informer.state() == InformerState.BACKOFF);
    fixture.clock.advance(Duration.ofSeconds(2));
    assertThat(source.watchRequests()).hasSize(1);
    fixture.clock.advance(Duration.ofMillis(1001));
    await().until(() -> source.watches().size() == 1);
    assertThat(source.lists()).hasSize(1);
    assertThat(source.lastWatch().request.resourceVersion()).isEqualTo("10");
  }

  @Test
  void aRefusedConnectionOnOpenReWatchesWithoutRelisting() throws InterruptedException {
    source.failNextWatch(new TransientSourceException("refused", TransientSourceException.Reason.CONNECTION_REFUSED));
    source.setResourceVersion("10");
    informer = fixture.builder().build();
    informer.start();
    await().until(() -> informer.state() == InformerState.BACKOFF);
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.watches().size() == 1);
    assertThat(source.lists()).hasSize(1);
  }

  @Test
  void throttlingDuringAWatchReWatches() throws InterruptedException {
    startSynced("10");
    source.lastWatch().send(WatchEvent.error(new TooManyRequestsException("slow down", null)));
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.watches().size() == 2);
    assertThat(source.lists()).hasSize(1);
  }

  @Test
  void otherFailuresBackOffAndRelistAndAreReportedToTheWatchErrorHandler() throws InterruptedException {
    startSynced("10");
    source.lastWatch().end(new TransientSourceException("oops", TransientSourceException.Reason.INTERNAL_ERROR, 500, null));
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.lists().size() == 2 && source.watches().size() == 2);
    source.lastWatch().end(new ForbiddenException("configmaps is forbidden"));
    fixture.clock.advance(Duration.ofMillis(1600));
    await().until(() -> source.lists().size() == 3);
    synchronized (reported) {
      assertThat(reported).hasSize(2);
      assertThat(reported.get(1)).isInstanceOf(ForbiddenException.class);
    }
  }

  @Test
  void backoffGrowsAndRestartsAfterAQuietPeriod() throws InterruptedException {
    source.setResourceVersion("10");
    informer = fixture.builder().build();
    for (int i = 0; i < 3; i++) {
      source.failNextList(new TransientSourceException("down", TransientSourceException.Reason.UNAVAILABLE, 503, null));
    }
    informer.start();
    await().until(() -> source.lists().size() == 1 && informer.state() == InformerState.BACKOFF);
    fixture.clock.advance(Duration.ofMillis(799));
    assertThat(source.lists()).hasSize(1);
    fixture.clock.advance(Duration.ofMillis(1));
    await().until(() -> source.lists().size() == 2 && informer.state() == InformerState.BACKOFF);
    fixture.clock.advance(Duration.ofMillis(1599));
    assertThat(source.lists()).hasSize(2);
    fixture.clock.advance(Duration.ofMillis(1));
    await().until(() -> source.lists().size() == 3 && informer.state() == InformerState.BACKOFF);
    assertThat(informer.status().consecutiveFailures()).isEqualTo(3);
    fixture.clock.advance(Duration.ofMillis(3200));
    await().until(() -> informer.hasSynced());
    assertThat(informer.status().consecutiveFailures()).isZero();

    await().until(() -> source.watches().size() == 1);
    fixture.clock.advance(Duration.ofMinutes(3));
    source.lastWatch().send(WatchEvent.added(Item.of("ns", "x", "11")));
    source.lastWatch().end(new ForbiddenException("no"));
    await().until(() -> informer.state() == InformerState.BACKOFF);
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.lists().size() == 5);
  }

  @Test
  void aQuietWatchThatStaysOpenEndsTheFailureStreak() throws InterruptedException {
    source.failNextWatch(new TransientSourceException("refused", TransientSourceException.Reason.CONNECTION_REFUSED));
    source.setResourceVersion("10");
    informer = fixture.builder().build();
    informer.start();
    await().until(() -> informer.status().consecutiveFailures() == 1);
    assertThat(informer.status().failingSince()).isNotNull();
    fixture.clock.advance(Duration.ofMillis(800));
    await().until(() -> source.watches().size() == 1 && informer.state() == InformerState.WATCHING);
    assertThat(informer.status().consecutiveFailures()).isEqualTo(1);
    fixture.clock.advance(Duration.ofSeconds(1));
    await().until(() -> informer.status().consecutiveFailures() == 0);
    assertThat(informer.status().failingSince()).isNull();
  }

  @Test
  void aWatchFromEmptyVersionDoesNotAdvanceOnSyntheticAdds() throws InterruptedException {
    startSynced("");
    FakeSource.Watch watch = source.lastWatch();
    assertThat(watch.request.resourceVersion()).isEmpty();
    watch.send(WatchEvent.added(Item.of("ns", "a", "5")));
    watch.send(WatchEvent.added(Item.of("ns", "b", "3")));
    await().until(() -> informer.indexer().size() == 2);
    assertThat(informer.lastSyncResourceVersion()).isEmpty();
    watch.send(WatchEvent.modified(Item.of("ns", "a", "6")));
    await().until(() -> informer.lastSyncResourceVersion().equals("6"));
    watch.send(WatchEvent.added(Item.of("ns", "c", "7")));
    await().until(() -> informer.lastSyncResourceVersion().equals("7"));
  }

  @Test
  void theWatchIsEndedByTheClientWhenTheServerIgnoresItsTimeout() throws InterruptedException {
    startSynced("10");
    FakeSource.Watch watch = source.lastWatch();
    watch.send(WatchEvent.added(Item.of("ns", "a", "11")));
    // The session is set up once an event of it is applied; only then may time pass. Its timer may be
    // set just after (the opening thread arms it once the source's watch call returned), already due
    // then: due tasks are run until the watch is replaced.
    await().until(() -> informer.lastSyncResourceVersion().equals("11"));
    WatchRequest request = watch.request;
    fixture.clock.advance(request.timeout().plusSeconds(31));
    await().until(() -> {
      fixture.clock.runDue();
      return source.watches().size() == 2;
    });
    assertThat(watch.isClosedByClient()).isTrue();
    assertThat(source.lists()).hasSize(1);
  }
}
