package io.informer4j.testkit;

import static io.informer4j.testkit.Listing.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.Scope;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import io.informer4j.source.TooLargeResourceVersionException;
import io.informer4j.source.TypeNotFoundException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchRequest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WatchSemanticsTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private final SimulatedApi api = SimulatedApi.builder().bookmarkInterval(Duration.ZERO).type(PODS, Scope.NAMESPACED).build();
  private final ListerWatcher<SimObject> pods = api.listerWatcher(PODS);

  @AfterEach
  void close() {
    api.close();
  }

  private RecordingWatchListener<SimObject> watch(WatchRequest request) {
    RecordingWatchListener<SimObject> listener = new RecordingWatchListener<>();
    pods.watch(request, listener);
    return listener;
  }

  private static List<String> awaitEvents(RecordingWatchListener<SimObject> listener, int count) {
    await().atMost(WAIT).until(() -> listener.events().size() >= count);
    return describe(listener.events());
  }

  static List<String> describe(List<WatchEvent<SimObject>> events) {
    return events.stream().map(event -> switch (event.type()) {
      case BOOKMARK -> "BOOKMARK " + event.resourceVersion() + (event.initialEventsEnd() ? " end" : "");
      case ERROR -> "ERROR " + event.error().getClass().getSimpleName();
      default -> event.type() + " " + event.object().key() + "@" + event.object().resourceVersion();
    }).toList();
  }

  private static WatchRequest watchList(String resourceVersion) {
    return new WatchRequest(Selection.all(), resourceVersion, ResourceVersionMatch.NOT_OLDER_THAN, true, true, null);
  }

  @Test
  void aWatchFromAVersionReplaysTheWritesAfterItThenStreamsLiveOnes() {
    SimObject a = api.create(PODS, SimObject.of("ns", "a"));
    api.update(PODS, a.withLabel("app", "web"));
    api.create(PODS, SimObject.of("ns", "b"));

    RecordingWatchListener<SimObject> listener = watch(WatchRequest.from(Selection.all(), a.resourceVersion()));
    api.create(PODS, SimObject.of("ns", "c"));

    assertThat(awaitEvents(listener, 3)).containsExactly("MODIFIED ns/a@3", "ADDED ns/b@4", "ADDED ns/c@5");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "0"})
  void aWatchFromUnsetOrZeroStartsWithSyntheticAddedEventsForTheCurrentState(String version) {
    api.create(PODS, SimObject.of("ns", "b"));
    api.create(PODS, SimObject.of("ns", "a"));
    api.create(PODS, SimObject.of("ns", "gone"));
    api.delete(PODS, "ns", "gone");

    RecordingWatchListener<SimObject> listener = watch(WatchRequest.from(Selection.all(), version));
    api.create(PODS, SimObject.of("ns", "c"));

    assertThat(awaitEvents(listener, 3)).containsExactly("ADDED ns/a@3", "ADDED ns/b@2", "ADDED ns/c@6");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "0", "2"})
  void watchListStreamsTheStateThenAnInitialEventsEndBookmarkThenLiveEvents(String version) {
    api.create(PODS, SimObject.of("ns", "a"));
    api.create(PODS, SimObject.of("ns", "b"));

    RecordingWatchListener<SimObject> listener = watch(watchList(version));
    api.create(PODS, SimObject.of("ns", "c"));

    assertThat(awaitEvents(listener, 4)).containsExactly("ADDED ns/a@2", "ADDED ns/b@3", "BOOKMARK 3 end", "ADDED ns/c@4");
  }

  @Test
  void watchListRequestsMustBeWellFormed() {
    WatchRequest unsetMatch = new WatchRequest(Selection.all(), "", ResourceVersionMatch.UNSET, true, true, null);
    WatchRequest noBookmarks = new WatchRequest(Selection.all(), "", ResourceVersionMatch.NOT_OLDER_THAN, false, true, null);
    WatchRequest matchWithoutInitialEvents = new WatchRequest(Selection.all(), "", ResourceVersionMatch.NOT_OLDER_THAN, true, false, null);

    for (WatchRequest invalid : List.of(unsetMatch, noBookmarks, matchWithoutInitialEvents)) {
      assertThatThrownBy(() -> watch(invalid))
          .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.statusCode()).isEqualTo(422));
    }
    assertThatThrownBy(() -> watch(watchList("99"))).isInstanceOf(TooLargeResourceVersionException.class);
  }

  @Test
  void aServerWithoutWatchListRejectsSendInitialEventsWith422() {
    try (SimulatedApi old = SimulatedApi.builder().rejectWatchList(true).type(PODS, Scope.NAMESPACED).build()) {
      ListerWatcher<SimObject> oldPods = old.listerWatcher(PODS);

      assertThat(oldPods.supportsWatchList()).isTrue();
      assertThatThrownBy(() -> oldPods.watch(watchList(""), new RecordingWatchListener<>()))
          .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.statusCode()).isEqualTo(422));
      assertThat(old.openWatchCount()).isZero();
    }
  }

  @Test
  void anExpiredVersionIsAnErrorEventFollowedByACleanClose() {
    SimObject a = api.create(PODS, SimObject.of("ns", "a"));
    api.create(PODS, SimObject.of("ns", "b"));
    api.compact();

    RecordingWatchListener<SimObject> listener = watch(WatchRequest.from(Selection.all(), a.resourceVersion()));

    await().atMost(WAIT).until(listener::isClosed);
    assertThat(describe(listener.events())).containsExactly("ERROR ExpiredException");
    assertThat(listener.events().get(0).error().statusCode()).isEqualTo(410);
    assertThat(listener.closeError()).isNull();
    assertThat(api.openWatchCount()).isZero();
  }

  @Test
  void anExpiredVersionCanBeThrownAtOpenInstead() {
    try (SimulatedApi strict = SimulatedApi.builder().throwExpiredAtWatchOpen(true).type(PODS, Scope.NAMESPACED).build()) {
      SimObject a = strict.create(PODS, SimObject.of("ns", "a"));
      strict.create(PODS, SimObject.of("ns", "b"));
      strict.compact();

      assertThatThrownBy(() -> strict.listerWatcher(PODS).watch(WatchRequest.from(Selection.all(), a.resourceVersion()),
          new RecordingWatchListener<>())).isInstanceOf(ExpiredException.class);
    }
  }

  @Test
  void aVersionNewerThanTheServersIsTooLargeAndGarbageIsInvalid() {
    assertThatThrownBy(() -> watch(WatchRequest.from(Selection.all(), "2"))).isInstanceOf(TooLargeResourceVersionException.class);
    assertThatThrownBy(() -> watch(WatchRequest.from(Selection.all(), "abc")))
        .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.statusCode()).isEqualTo(400));
  }

  @Test
  void objectsEnteringOrLeavingALabelSelectionAreAddedOrDeletedWithThePreviousStateAtTheNewVersion() {
    SimObject a = api.create(PODS, SimObject.of("ns", "a").withLabel("app", "db"));
    SimObject b = api.create(PODS, SimObject.of("ns", "b").withLabel("app", "web"));
    Selection web = Selection.all().withLabels(LabelSelector.parse("app=web"));
    RecordingWatchListener<SimObject> listener = watch(WatchRequest.from(web, b.resourceVersion()));

    SimObject entered = api.update(PODS, a.withLabel("app", "web"));
    SimObject changed = api.update(PODS, entered.withLabel("tier", "front"));
    SimObject left = api.update(PODS, changed.withLabel("app", "db"));
    SimObject deleted = api.delete(PODS, "ns", "b");
    api.update(PODS, left.withLabel("tier", "back"));

    assertThat(awaitEvents(listener, 4)).containsExactly("ADDED ns/a@4", "MODIFIED ns/a@5", "DELETED ns/a@6", "DELETED ns/b@7");
    SimObject leaving = listener.events().get(2).object();
    assertThat(leaving.labels()).isEqualTo(changed.labels());
    assertThat(leaving.resourceVersion()).isEqualTo(left.resourceVersion());
    assertThat(listener.events().get(3).object()).isEqualTo(deleted);
    assertThat(deleted.labels()).containsEntry("app", "web");
  }

  @Test
  void namespaceAndFieldSelectorsFilterEvents() {
    RecordingWatchListener<SimObject> inA = watch(WatchRequest.from(Selection.inNamespace("a"), "1"));
    Selection onNode = Selection.all().withFields(FieldSelector.equal("spec.nodeName", "n1"));
    RecordingWatchListener<SimObject> scheduled = watch(WatchRequest.from(onNode, "1"));

    api.create(PODS, SimObject.of("b", "p1").withContentAt("spec.nodeName", "n1"));
    api.create(PODS, SimObject.of("a", "p2"));
    SimObject p3 = api.create(PODS, SimObject.of("a", "p3"));
    api.update(PODS, p3.withContentAt("spec.nodeName", "n1"));

    assertThat(awaitEvents(inA, 3)).containsExactly("ADDED a/p2@3", "ADDED a/p3@4", "MODIFIED a/p3@5");
    assertThat(awaitEvents(scheduled, 2)).containsExactly("ADDED b/p1@2", "ADDED a/p3@5");
  }

  @Test
  void uninstallDeletesEveryObjectEndsTheWatchesAndHistorySurvivesAReinstall() {
    api.create(PODS, SimObject.of("ns", "a"));
    api.create(PODS, SimObject.of("ns", "b"));
    String before = api.currentResourceVersion();
    RecordingWatchListener<SimObject> listener = watch(WatchRequest.from(Selection.all(), before));

    api.uninstall(PODS);

    await().atMost(WAIT).until(listener::isClosed);
    assertThat(describe(listener.events())).containsExactly("DELETED ns/a@4", "DELETED ns/b@5");
    assertThat(listener.closeError()).isNull();
    assertThatThrownBy(() -> watch(WatchRequest.from(Selection.all(), ""))).isInstanceOf(TypeNotFoundException.class);

    api.install(PODS, Scope.NAMESPACED);
    api.create(PODS, SimObject.of("ns", "c"));
    RecordingWatchListener<SimObject> resumed = watch(WatchRequest.from(Selection.all(), before));
    assertThat(awaitEvents(resumed, 3)).containsExactly("DELETED ns/a@4", "DELETED ns/b@5", "ADDED ns/c@6");
  }
}
