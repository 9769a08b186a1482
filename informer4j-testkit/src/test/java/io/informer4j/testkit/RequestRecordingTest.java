package io.informer4j.testkit;

import static io.informer4j.testkit.Listing.PODS;
import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.Scope;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchRequest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RequestRecordingTest {

  @Test
  void everyListAndWatchIsRecordedWithItsOptionsUntilCleared() {
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build()) {
      for (int i = 0; i < 3; i++) {
        api.create(PODS, SimObject.of("ns", "pod-" + i));
      }
      ListerWatcher<SimObject> pods = api.listerWatcher(PODS);
      Selection web = Selection.inNamespace("ns").withLabels(LabelSelector.parse("app=web"));
      ListRequest first = ListRequest.of(Selection.all(), "0").withLimit(2);
      ListRequest paged = ListRequest.of(Selection.all(), "").withLimit(2);

      Listing.list(pods, first);
      String token = Listing.list(pods, paged).page().continueToken();
      Listing.list(pods, paged.continueWith(token));
      Listing.list(pods, ListRequest.of(web, "2").withMatch(ResourceVersionMatch.EXACT));
      pods.watch(new WatchRequest(web, "", ResourceVersionMatch.NOT_OLDER_THAN, true, true, Duration.ofMinutes(7)),
          new RecordingWatchListener<>());

      assertThat(api.requests()).containsExactly(
          new RecordedRequest(PODS, RecordedRequest.Verb.LIST, Selection.all(), "0", ResourceVersionMatch.UNSET, 2, null,
              false, false, null),
          new RecordedRequest(PODS, RecordedRequest.Verb.LIST, Selection.all(), "", ResourceVersionMatch.UNSET, 2, null,
              false, false, null),
          new RecordedRequest(PODS, RecordedRequest.Verb.LIST, Selection.all(), "", ResourceVersionMatch.UNSET, 2, token,
              false, false, null),
          new RecordedRequest(PODS, RecordedRequest.Verb.LIST, web, "2", ResourceVersionMatch.EXACT, 0, null, false, false, null),
          new RecordedRequest(PODS, RecordedRequest.Verb.WATCH, web, "", ResourceVersionMatch.NOT_OLDER_THAN, 0, null,
              true, true, Duration.ofMinutes(7)));
      assertThat(api.requests().get(4).isWatch()).isTrue();
      assertThat(api.requests().get(0).isList()).isTrue();

      api.clearRequests();
      assertThat(api.requests()).isEmpty();
    }
  }
}
