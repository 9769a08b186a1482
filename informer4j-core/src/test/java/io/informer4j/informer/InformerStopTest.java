package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class InformerStopTest {

  /** A source whose list hangs until interrupted, as a server that stopped answering mid-list. */
  private static final class HangingSource implements ListerWatcher<Item> {
    final CountDownLatch listing = new CountDownLatch(1);
    final CountDownLatch interrupted = new CountDownLatch(1);

    @Override
    public ListPage list(ListRequest request, ListSink<Item> sink) {
      sink.accept(Item.of("ns", "partial", "1"));
      listing.countDown();
      try {
        new CountDownLatch(1).await();
      } catch (InterruptedException e) {
        interrupted.countDown();
        throw new TransientSourceException("list interrupted", TransientSourceException.Reason.CONNECTION_LOST);
      }
      throw new AssertionError("unreachable");
    }

    @Override
    public WatchHandle watch(WatchRequest request, WatchListener<Item> listener) {
      throw new AssertionError("never watched: the list never completes");
    }
  }

  @Test
  void stopInterruptsAHangingListAndCompletesWithoutCachingPartialResults() throws Exception {
    HangingSource source = new HangingSource();
    SharedIndexInformer<Item> informer = SharedIndexInformer.builder(source, Item.ADAPTER).name("hanging")
        .watchList(false).build();
    informer.start();
    assertThat(source.listing.await(60, TimeUnit.SECONDS)).isTrue();
    assertThat(informer.state()).isEqualTo(InformerState.LISTING);
    assertThat(informer.stop(Duration.ofSeconds(5))).isTrue();
    assertThat(source.interrupted.await(60, TimeUnit.SECONDS)).isTrue();
    assertThat(informer.stopped()).isCompleted();
    assertThat(informer.state()).isEqualTo(InformerState.STOPPED);
    assertThat(informer.indexer().size()).isZero();
    assertThat(informer.hasSynced()).isFalse();
    assertThat(informer.status().errors()).isZero();
  }
}
