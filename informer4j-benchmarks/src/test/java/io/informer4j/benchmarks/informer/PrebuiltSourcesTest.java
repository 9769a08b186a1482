package io.informer4j.benchmarks.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import io.informer4j.source.SourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1ConfigMapList;
import io.kubernetes.client.util.CallGeneratorParams;
import io.kubernetes.client.util.Watch;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The in-memory sources of both libraries deliver exactly what the benchmark prepared. */
class PrebuiltSourcesTest {

  private final ConfigMapWorkload workload = ConfigMapWorkload.create(30, 2, 5);

  @Test
  void informer4jSourceListsEverythingInOnePageWhateverTheLimit() {
    PrebuiltListerWatcher<V1ConfigMap> source = new PrebuiltListerWatcher<>(workload.initial(), "30");
    List<V1ConfigMap> listed = new ArrayList<>();

    ListPage page = source.list(ListRequest.of(Selection.all(), "0").withLimit(10), listed::add);

    assertThat(listed).containsExactlyElementsOf(workload.initial());
    assertThat(page.resourceVersion()).isEqualTo("30");
    assertThat(page.hasMore()).isFalse();
    assertThat(source.supportsWatchList()).isFalse();
  }

  @Test
  void informer4jSourcePushesToTheOpenWatchOnlyUntilItIsClosed() {
    PrebuiltListerWatcher<V1ConfigMap> source = new PrebuiltListerWatcher<>(workload.initial(), "30");
    WatchEvent<V1ConfigMap> event = WatchEvent.modified(workload.updates().get(0));
    assertThatThrownBy(() -> source.push(event)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no watch is open");
    List<WatchEvent<V1ConfigMap>> received = new ArrayList<>();

    WatchHandle handle = source.watch(WatchRequest.from(Selection.all(), "30"), new WatchListener<>() {
      @Override
      public void onEvent(WatchEvent<V1ConfigMap> e) {
        received.add(e);
      }

      @Override
      public void onClose(SourceException error) {
      }
    });
    source.push(event);
    handle.close();

    assertThat(source.watchOpened()).isDone();
    assertThat(received).containsExactly(event);
    assertThatThrownBy(() -> source.push(event)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void informer4jSourceOfferingWatchListStreamsEveryObjectThenTheEndBookmark() throws Exception {
    PrebuiltListerWatcher<V1ConfigMap> source = new PrebuiltListerWatcher<>(workload.initial(), "30", true);
    List<WatchEvent<V1ConfigMap>> received = new CopyOnWriteArrayList<>();
    CompletableFuture<Void> ended = new CompletableFuture<>();
    WatchRequest watchList = new WatchRequest(Selection.all(), "", ResourceVersionMatch.NOT_OLDER_THAN,
        true, true, null);

    source.watch(watchList, new WatchListener<>() {
      @Override
      public void onEvent(WatchEvent<V1ConfigMap> e) {
        received.add(e);
        if (e.initialEventsEnd()) {
          ended.complete(null);
        }
      }

      @Override
      public void onClose(SourceException error) {
      }
    });
    ended.get(10, TimeUnit.SECONDS);

    assertThat(source.supportsWatchList()).isTrue();
    assertThat(received.subList(0, workload.initial().size())).extracting(WatchEvent::object)
        .containsExactlyElementsOf(workload.initial());
    assertThat(received.get(received.size() - 1)).isEqualTo(WatchEvent.bookmark("30", true));
  }

  @Test
  void clientJavaSourceListsThePrebuiltListAndFeedsItsLatestWatch() {
    PrebuiltConfigMapListerWatcher source = new PrebuiltConfigMapListerWatcher(workload.initial(), "30");
    Watch.Response<V1ConfigMap> event = new Watch.Response<>("MODIFIED", workload.updates().get(3));
    assertThatThrownBy(() -> source.push(event)).isInstanceOf(IllegalStateException.class);

    V1ConfigMapList list = source.list(new CallGeneratorParams(false, "0", null));
    FeedableWatch<V1ConfigMap> watch = source.watch(new CallGeneratorParams(true, "30", 300));
    source.push(event);

    assertThat(list.getItems()).containsExactlyElementsOf(workload.initial());
    assertThat(list.getMetadata().getResourceVersion()).isEqualTo("30");
    assertThat(source.watchOpened()).isDone();
    assertThat(watch.hasNext()).isTrue();
    assertThat(watch.next()).isSameAs(event);
  }

  @Test
  void feedableWatchYieldsInOrderThenEndsForGoodWhenClosed() {
    FeedableWatch<V1ConfigMap> watch = new FeedableWatch<>();
    Watch.Response<V1ConfigMap> first = new Watch.Response<>("MODIFIED", workload.updates().get(0));
    Watch.Response<V1ConfigMap> second = new Watch.Response<>("MODIFIED", workload.updates().get(1));

    watch.offer(first);
    watch.offer(second);
    watch.close();
    watch.offer(first);

    assertThat(watch.iterator()).isSameAs(watch);
    assertThat(watch.next()).isSameAs(first);
    assertThat(watch.hasNext()).isTrue();
    assertThat(watch.next()).isSameAs(second);
    assertThat(watch.hasNext()).isFalse();
    assertThat(watch.hasNext()).isFalse();
    assertThatThrownBy(watch::next).isInstanceOf(NoSuchElementException.class);
  }

  @Test
  void feedableWatchBlocksUntilClosedFromAnotherThread() throws Exception {
    FeedableWatch<V1ConfigMap> watch = new FeedableWatch<>();
    CompletableFuture<Boolean> hasNext = CompletableFuture.supplyAsync(watch::hasNext);

    watch.close();

    assertThat(hasNext.get(10, TimeUnit.SECONDS)).isFalse();
  }

  @Test
  void interruptedFeedableWatchEndsAndKeepsTheInterrupt() {
    FeedableWatch<V1ConfigMap> watch = new FeedableWatch<>();
    Thread.currentThread().interrupt();
    try {
      assertThat(watch.hasNext()).isFalse();
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }
}
