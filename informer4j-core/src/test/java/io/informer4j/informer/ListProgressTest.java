package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.InformerTestSupport;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The status shows how far the list in progress has got, and nothing once it is done. */
class ListProgressTest extends InformerTestSupport {


  @Test
  void countsThePagesReceivedSoFarAndClearsWhenTheListIsApplied() throws InterruptedException {
    CountDownLatch secondPage = new CountDownLatch(1);
    informer = SharedIndexInformer.builder(new TwoPageSource(secondPage), Item.ADAPTER).name("big")
        .runtime(fixture.runtime).watchList(false).build();
    informer.start();

    await().until(() -> informer.status().listProgress() != null && informer.status().listProgress().objects() == 3);
    assertThat(informer.status().listProgress().startedAt()).isEqualTo(fixture.clock.instant());
    assertThat(informer.hasSynced()).isFalse();

    secondPage.countDown();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(informer.indexer().size()).isEqualTo(5);
    assertThat(informer.status().listProgress()).isNull();
  }

  @Test
  void countsTheInitialEventsOfAWatchListUntilItsEndBookmark() throws InterruptedException {
    FakeSource source = fixture.source;
    informer = fixture.builder().watchList(true).build();
    assertThat(informer.status().listProgress()).isNull();
    informer.start();
    FakeSource.Watch watch = source.lastWatch();

    watch.send(WatchEvent.added(Item.of("ns", "a", "4")));
    watch.send(WatchEvent.added(Item.of("ns", "b", "5")));
    assertThat(informer.status().listProgress().objects()).isEqualTo(2);

    watch.send(WatchEvent.bookmark("6", true));
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(informer.status().listProgress()).isNull();
  }

  @Test
  void aFailedListLeavesNoProgressBehind() {
    FakeSource source = fixture.source;
    source.failNextList(new TransientSourceException("boom", TransientSourceException.Reason.INTERNAL_ERROR, 500, null));
    informer = fixture.builder().build();
    informer.start();
    await().until(() -> informer.state() == InformerState.BACKOFF);
    assertThat(informer.status().listProgress()).isNull();
  }

  @Test
  void theRateIsObjectsOverElapsedTime() {
    Instant start = Instant.parse("2026-01-01T00:00:00Z");
    ListProgress progress = new ListProgress(500, start);
    assertThat(progress.perSecond(start.plusSeconds(2))).isEqualTo(250.0);
    assertThat(progress.perSecond(start)).isZero();
    assertThatThrownBy(() -> new ListProgress(-1, start)).isInstanceOf(IllegalArgumentException.class);
  }

  /** Serves three items, then waits for the latch before the second page of two. */
  private static final class TwoPageSource implements ListerWatcher<Item> {
    private final CountDownLatch secondPage;

    TwoPageSource(CountDownLatch secondPage) {
      this.secondPage = secondPage;
    }

    @Override
    public ListPage list(ListRequest request, ListSink<Item> sink) {
      if (request.continueToken() == null) {
        for (String name : new String[] {"a", "b", "c"}) {
          sink.accept(Item.of("ns", name, "1"));
        }
        return new ListPage("7", "page-2", null);
      }
      try {
        secondPage.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TransientSourceException("interrupted", TransientSourceException.Reason.CONNECTION_LOST, 0, null);
      }
      sink.accept(Item.of("ns", "d", "1"));
      sink.accept(Item.of("ns", "e", "1"));
      return new ListPage("7", null, null);
    }

    @Override
    public WatchHandle watch(WatchRequest request, WatchListener<Item> listener) {
      return () -> { };
    }
  }
}
