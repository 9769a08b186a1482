package io.informer4j.testkit;

import static io.informer4j.testkit.Listing.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import io.informer4j.source.TypeNotFoundException;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchRequest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A {@link RecordingBackend} records what its sources send exactly as the server receives it, failed
 * requests included, and {@link RecordedRequest#isInitialSync()} tells a sync's first request (a
 * list's first page, a watch-list stream) from its later pages and plain watches.
 */
class RecordingBackendTest {

  private static final TypeKey WIDGETS = TypeKey.of("example.com", "v1", "Widget");

  @Test
  void recordsWhatTheServerReceivesAndTellsInitialSyncs() {
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build()) {
      api.create(PODS, SimObject.of("ns", "a"));
      api.create(PODS, SimObject.of("ns", "b"));
      RecordingBackend backend = new RecordingBackend(api);
      ListerWatcher<SimObject> pods = backend.listerWatcher(api.type(PODS));

      ListPage first = pods.list(ListRequest.of(Selection.all(), "").withLimit(1), item -> { });
      pods.list(ListRequest.of(Selection.all(), "").withLimit(1).continueWith(first.continueToken()), item -> { });
      closeAfterOpening(pods, WatchRequest.from(Selection.all(), first.resourceVersion()));
      closeAfterOpening(pods, new WatchRequest(Selection.all(), "", ResourceVersionMatch.NOT_OLDER_THAN, true, true, null));
      assertThatThrownBy(() -> backend.listerWatcher(api.type(WIDGETS)).list(ListRequest.of(Selection.all(), ""), item -> { }))
          .isInstanceOf(TypeNotFoundException.class);

      assertThat(backend.requests()).isEqualTo(api.requests());
      List<Boolean> initialSyncs = new ArrayList<>();
      backend.requests().forEach(request -> initialSyncs.add(request.isInitialSync()));
      assertThat(initialSyncs).as("first page, next page, watch, watch-list, failed list")
          .containsExactly(true, false, false, true, true);
      assertThat(backend.requests()).filteredOn(RecordedRequest::isWatch).hasSize(2);
    }
  }

  private static void closeAfterOpening(ListerWatcher<SimObject> pods, WatchRequest request) {
    WatchHandle handle = pods.watch(request, new RecordingWatchListener<>());
    handle.close();
  }
}
