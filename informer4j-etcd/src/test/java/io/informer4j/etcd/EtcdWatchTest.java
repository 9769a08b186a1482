package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.etcd.jetcd.Client;
import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import io.informer4j.source.TooLargeResourceVersionException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchRequest;
import io.informer4j.testkit.RecordingWatchListener;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Watches against a real etcd: event types, last states, initial states, errors, selection. */
class EtcdWatchTest {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();
  private static final Duration WAIT = Duration.ofSeconds(20);

  private final List<WatchHandle> handles = new ArrayList<>();
  private final List<RecordingWatchListener<EtcdObject<Widget>>> listeners = new ArrayList<>();
  private KeyLayout layout;
  private EtcdWriter writer;
  private EtcdListerWatcher<EtcdObject<Widget>> source;

  @BeforeEach
  void setUp() {
    layout = KeyLayout.namespaced(ETCD.newPrefix("widgets"));
    writer = new EtcdWriter(ETCD.client(), layout);
    source = EtcdListerWatcher.builder(ETCD.client(), layout, Widget.CODEC, Widget.ADAPTER).chunkSize(2).build();
  }

  @AfterEach
  void closeWatches() {
    handles.forEach(WatchHandle::close);
    listeners.forEach(listener -> assertThat(listener.contractViolations()).isEmpty());
  }

  @Test
  void watchFromARevisionSendsAddModifyAndDeleteWithTheLastStateAtTheDeleteRevision() {
    long start = writer.put("ns", "before", Widget.labelled(Map.of()));
    RecordingWatchListener<EtcdObject<Widget>> listener = watch(WatchRequest.from(Selection.all(), Long.toString(start)));

    long created = writer.put("ns", "w", Widget.labelled(Map.of("v", "1")));
    long modified = writer.put("ns", "w", Widget.labelled(Map.of("v", "2")));
    long deleted = writer.delete("ns", "w");

    List<WatchEvent<EtcdObject<Widget>>> events = awaitObjectEvents(listener, 3);
    assertThat(events).extracting(this::describe)
        .containsExactly("ADDED ns/w@" + created, "MODIFIED ns/w@" + modified, "DELETED ns/w@" + deleted);
    assertThat(events.get(2).object().value().labels()).containsEntry("v", "2");
  }

  @Test
  void watchFromEmptyOrZeroStartsWithTheCurrentStateAsAdded() {
    List<String> expected = new ArrayList<>();
    for (String name : List.of("a", "b", "c")) {
      expected.add("ADDED ns/" + name + "@" + writer.put("ns", name, Widget.labelled(Map.of())));
    }

    for (String version : List.of("", "0")) {
      RecordingWatchListener<EtcdObject<Widget>> listener = watch(WatchRequest.from(Selection.all(), version));
      awaitObjectEvents(listener, expected.size());
      String name = "d-" + version.length();
      expected.add("ADDED ns/" + name + "@" + writer.put("ns", name, Widget.labelled(Map.of())));
      assertThat(awaitObjectEvents(listener, expected.size())).extracting(this::describe).containsExactlyElementsOf(expected);
      assertThat(listener.eventsOfType(WatchEventType.BOOKMARK)).noneMatch(WatchEvent::initialEventsEnd);
    }
  }

  @Test
  void watchListSendsTheInitialStateThenAnInitialEventsEndBookmarkThenChanges() {
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      expected.add("ADDED ns/w-" + i + "@" + writer.put("ns", "w-" + i, Widget.labelled(Map.of())));
    }
    writer.putRaw(ObjectKey.of("ns", "w-bad"), "oops".getBytes(StandardCharsets.UTF_8));
    long listed = writer.currentRevision();
    RecordingWatchListener<EtcdObject<Widget>> listener =
        watch(new WatchRequest(Selection.all(), "", ResourceVersionMatch.NOT_OLDER_THAN, true, true, null));
    long later = writer.put("ns", "later", Widget.labelled(Map.of()));

    await().atMost(WAIT).until(() -> listener.objectEvents().size() == 6);
    List<String> described = listener.events().stream().map(this::describe).toList();
    expected.add("BOOKMARK " + listed + " end");
    expected.add("ADDED ns/later@" + later);
    assertThat(described).containsExactlyElementsOf(expected);
    assertThat(listener.malformed()).hasSize(1);
  }

  @Test
  void watchListNeedsNotOlderThanAndBookmarks() {
    assertThatThrownBy(() -> source.watch(new WatchRequest(Selection.all(), "", ResourceVersionMatch.UNSET, true, true, null),
        new RecordingWatchListener<>())).isInstanceOf(InvalidRequestException.class);
    assertThatThrownBy(() -> source.watch(new WatchRequest(Selection.all(), "", ResourceVersionMatch.NOT_OLDER_THAN, false,
        true, null), new RecordingWatchListener<>())).isInstanceOf(InvalidRequestException.class);
  }

  @Test
  void aCompactedRevisionEndsTheWatchAsExpiredAndAFutureOneIsTooLarge() {
    long old = writer.put("ns", "a", Widget.labelled(Map.of()));
    writer.put("ns", "a", Widget.labelled(Map.of("v", "2")));
    long now = writer.put("ns", "b", Widget.labelled(Map.of()));
    writer.compact(now);

    RecordingWatchListener<EtcdObject<Widget>> listener = watch(WatchRequest.from(Selection.all(), Long.toString(old)));

    assertThat(listener.closed()).succeedsWithin(WAIT).isInstanceOf(ExpiredException.class);
    assertThat(listener.objectEvents()).isEmpty();
    assertThatThrownBy(() -> watch(WatchRequest.from(Selection.all(), Long.toString(now + 100))))
        .isInstanceOf(TooLargeResourceVersionException.class);
    assertThatThrownBy(() -> watch(WatchRequest.from(Selection.all(), "x1"))).isInstanceOf(InvalidRequestException.class);
  }

  @Test
  void anObjectEnteringOrLeavingALabelSelectionIsAddedOrDeleted() {
    long start = writer.put("ns", "mover", Widget.labelled(Map.of("app", "db")));
    Selection web = Selection.all().withLabels(LabelSelector.parse("app=web"));
    RecordingWatchListener<EtcdObject<Widget>> listener = watch(WatchRequest.from(web, Long.toString(start)));

    long entered = writer.put("ns", "mover", Widget.labelled(Map.of("app", "web")));
    long changed = writer.put("ns", "mover", Widget.labelled(Map.of("app", "web", "x", "y")));
    writer.put("ns", "other", Widget.labelled(Map.of("app", "db")));
    long left = writer.put("ns", "mover", Widget.labelled(Map.of("app", "db")));
    long deletedElsewhere = writer.delete("ns", "other");
    long createdMatching = writer.put("ns", "fresh", Widget.labelled(Map.of("app", "web")));
    long deletedMatching = writer.delete("ns", "fresh");

    List<WatchEvent<EtcdObject<Widget>>> events = awaitObjectEvents(listener, 5);
    assertThat(events).extracting(this::describe).containsExactly("ADDED ns/mover@" + entered,
        "MODIFIED ns/mover@" + changed, "DELETED ns/mover@" + left, "ADDED ns/fresh@" + createdMatching,
        "DELETED ns/fresh@" + deletedMatching);
    assertThat(events.get(2).object().value().labels()).containsEntry("app", "web");
    assertThat(deletedElsewhere).isLessThan(createdMatching);
  }

  @Test
  void aNamespaceNarrowsTheWatch() {
    long start = writer.currentRevision();
    RecordingWatchListener<EtcdObject<Widget>> listener = watch(WatchRequest.from(Selection.inNamespace("here"), Long.toString(start)));

    writer.put("there", "x", Widget.labelled(Map.of()));
    writer.put("here-not", "x", Widget.labelled(Map.of()));
    long here = writer.put("here", "x", Widget.labelled(Map.of()));

    assertThat(awaitObjectEvents(listener, 1)).extracting(this::describe).containsExactly("ADDED here/x@" + here);
  }

  @Test
  void anUndecodableValueIsMalformedWithItsKeyAndEventAndItsDeleteNeverEndsTheWatch() {
    long start = writer.currentRevision();
    RecordingWatchListener<EtcdObject<Widget>> listener = watch(WatchRequest.from(Selection.all(), Long.toString(start)));

    writer.putRaw(ObjectKey.of("ns", "bad"), "{".getBytes(StandardCharsets.UTF_8));
    writer.putRaw(ObjectKey.of("ns", "bad"), "still not json".getBytes(StandardCharsets.UTF_8));
    writer.putKey(layout.prefix() + "/no-namespace", Widget.CODEC.encode(Widget.labelled(Map.of())));
    long good = writer.put("ns", "good", Widget.labelled(Map.of()));
    writer.delete("ns", "bad");
    long after = writer.put("ns", "after", Widget.labelled(Map.of()));

    assertThat(awaitObjectEvents(listener, 2)).extracting(this::describe)
        .containsExactly("ADDED ns/good@" + good, "ADDED ns/after@" + after);
    assertThat(listener.malformed()).extracting(e -> e.key().map(ObjectKey::toString).orElse("unknown") + " "
        + e.eventType().map(Enum::name).orElse("unknown"))
        .containsExactly("ns/bad ADDED", "ns/bad MODIFIED", "ns/bad DELETED");
    assertThat(listener.closed()).isNotDone();
  }

  @Test
  void theTimeoutEndsTheWatchCleanlyAndCloseStopsDelivery() {
    long start = writer.currentRevision();
    RecordingWatchListener<EtcdObject<Widget>> timed =
        watch(WatchRequest.from(Selection.all(), Long.toString(start)).withTimeout(Duration.ofMillis(300)));
    assertThat(timed.closed()).succeedsWithin(WAIT).isNull();

    RecordingWatchListener<EtcdObject<Widget>> closed = new RecordingWatchListener<>();
    WatchHandle handle = source.watch(WatchRequest.from(Selection.all(), Long.toString(start)), closed);
    writer.put("ns", "one", Widget.labelled(Map.of()));
    awaitObjectEvents(closed, 1);
    handle.close();
    handle.close();
    writer.put("ns", "two", Widget.labelled(Map.of()));
    RecordingWatchListener<EtcdObject<Widget>> witness = watch(WatchRequest.from(Selection.all(), Long.toString(start)));
    awaitObjectEvents(witness, 2);

    assertThat(closed.objectEvents()).extracting(this::describe).containsExactly(describe(witness.objectEvents().get(0)));
    assertThat(closed.closed()).isNotDone();
  }

  @Test
  void aProgressRequestOnAQuietWatchBringsABookmarkAtTheWatchedRevision() {
    EtcdListerWatcher<EtcdObject<Widget>> requesting = EtcdListerWatcher.builder(ETCD.client(), layout, Widget.CODEC,
        Widget.ADAPTER).progressRequests(ProgressRequests.ALWAYS).build();
    long start = writer.put("ns", "a", Widget.labelled(Map.of()));
    RecordingWatchListener<EtcdObject<Widget>> listener = new RecordingWatchListener<>();
    listeners.add(listener);
    WatchHandle handle = requesting.watch(WatchRequest.from(Selection.all(), Long.toString(start)), listener);
    handles.add(handle);
    assertThat(listener.eventsOfType(WatchEventType.BOOKMARK)).isEmpty();

    assertThat(handle.requestProgress()).isTrue();
    await().atMost(WAIT).until(() -> listener.eventsOfType(WatchEventType.BOOKMARK).size() == 1);
    assertThat(handle.requestProgress()).isTrue();
    await().atMost(WAIT).until(() -> listener.eventsOfType(WatchEventType.BOOKMARK).size() == 2);

    assertThat(listener.eventsOfType(WatchEventType.BOOKMARK))
        .allSatisfy(bookmark -> assertThat(Long.parseLong(bookmark.resourceVersion())).isGreaterThanOrEqualTo(start));
    assertThat(listener.objectEvents()).isEmpty();
  }

  @Test
  void requestedProgressBecomesABookmarkThatNeverGoesBack() {
    EtcdListerWatcher<EtcdObject<Widget>> requesting = EtcdListerWatcher.builder(ETCD.client(), layout, Widget.CODEC,
        Widget.ADAPTER).progressRequests(ProgressRequests.ALWAYS).build();
    long start = writer.put("ns", "a", Widget.labelled(Map.of()));
    RecordingWatchListener<EtcdObject<Widget>> listener = new RecordingWatchListener<>();
    listeners.add(listener);
    WatchHandle handle = requesting.watch(WatchRequest.from(Selection.all(), Long.toString(start)), listener);
    handles.add(handle);
    EtcdWriter elsewhere = new EtcdWriter(ETCD.client(), KeyLayout.namespaced(ETCD.newPrefix("elsewhere")));
    for (int i = 0; i < 3; i++) {
      writer.put("ns", "b", Widget.labelled(Map.of("i", Integer.toString(i))));
      long unrelated = elsewhere.put("ns", "x", Widget.labelled(Map.of()));
      assertThat(handle.requestProgress()).isTrue();
      await().atMost(WAIT).until(() -> listener.eventsOfType(WatchEventType.BOOKMARK).stream()
          .anyMatch(b -> Long.parseLong(b.resourceVersion()) >= unrelated));
    }

    List<Long> versions = listener.eventsOfType(WatchEventType.BOOKMARK).stream()
        .map(b -> Long.parseLong(b.resourceVersion())).toList();
    assertThat(versions).hasSizeGreaterThanOrEqualTo(3).isSorted().allMatch(v -> v > start);
    assertThat(awaitObjectEvents(listener, 3)).extracting(WatchEvent::type)
        .containsExactly(WatchEventType.ADDED, WatchEventType.MODIFIED, WatchEventType.MODIFIED);
  }

  @Test
  void progressIsRequestedOnlyWithBookmarksAllowedAndWhenSafeFollowsTheServerVersion() throws Exception {
    String version = ETCD.client().getMaintenanceClient().statusMember(ETCD.server().endpoint()).get().getVersion();
    long start = writer.currentRevision();
    WatchRequest request = WatchRequest.from(Selection.all(), Long.toString(start));

    WatchHandle whenSafe = watchWith(ProgressRequests.WHEN_SAFE, request);
    WatchHandle always = watchWith(ProgressRequests.ALWAYS, request);
    WatchHandle never = watchWith(ProgressRequests.NEVER, request);
    WatchHandle withoutBookmarks = watchWith(ProgressRequests.ALWAYS, request.withBookmarks(false));

    assertThat(whenSafe.requestProgress()).isEqualTo(io.informer4j.etcd.internal.ProgressSupport.ordersProgressReplies(version));
    assertThat(always.requestProgress()).isTrue();
    assertThat(never.requestProgress()).isFalse();
    assertThat(withoutBookmarks.requestProgress()).isFalse();
    always.close();
    assertThat(always.requestProgress()).isFalse();
  }

  private WatchHandle watchWith(ProgressRequests mode, WatchRequest request) {
    EtcdListerWatcher<EtcdObject<Widget>> configured = EtcdListerWatcher.builder(ETCD.client(), layout, Widget.CODEC,
        Widget.ADAPTER).progressRequests(mode).build();
    RecordingWatchListener<EtcdObject<Widget>> listener = new RecordingWatchListener<>();
    listeners.add(listener);
    WatchHandle handle = configured.watch(request, listener);
    handles.add(handle);
    return handle;
  }

  @Test
  void anUnreachableServerRefusesListsAndWatches() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    try (Client nowhere = EtcdClients.connect("http://127.0.0.1:" + port)) {
      EtcdListerWatcher<EtcdObject<Widget>> unreachable = EtcdListerWatcher.builder(nowhere, layout, Widget.CODEC,
          Widget.ADAPTER).requestTimeout(Duration.ofSeconds(10)).build();

      assertThatThrownBy(() -> unreachable.watch(WatchRequest.from(Selection.all(), "5"), new RecordingWatchListener<>()))
          .isInstanceOfSatisfying(TransientSourceException.class,
              e -> assertThat(e.reason()).isEqualTo(TransientSourceException.Reason.CONNECTION_REFUSED));
      assertThatThrownBy(() -> unreachable.list(ListRequest.of(Selection.all(), ""), item -> { }))
          .isInstanceOfSatisfying(TransientSourceException.class,
              e -> assertThat(e.reason()).isEqualTo(TransientSourceException.Reason.CONNECTION_REFUSED));
    }
  }

  private RecordingWatchListener<EtcdObject<Widget>> watch(WatchRequest request) {
    RecordingWatchListener<EtcdObject<Widget>> listener = new RecordingWatchListener<>();
    listeners.add(listener);
    handles.add(source.watch(request, listener));
    return listener;
  }

  private List<WatchEvent<EtcdObject<Widget>>> awaitObjectEvents(RecordingWatchListener<EtcdObject<Widget>> listener, int count) {
    await().atMost(WAIT).until(() -> listener.objectEvents().size() >= count);
    return listener.objectEvents();
  }

  private String describe(WatchEvent<EtcdObject<Widget>> event) {
    if (event.type() == WatchEventType.BOOKMARK) {
      return "BOOKMARK " + event.resourceVersion() + (event.initialEventsEnd() ? " end" : "");
    }
    return event.type() + " " + event.object().key() + "@" + event.object().revision();
  }
}
