package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchRequest;
import io.informer4j.testkit.RecordingWatchListener;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** etcd's own periodic progress notifications become bookmarks, without any progress request. */
class EtcdProgressNotifyTest {

  @RegisterExtension
  static final EtcdServerExtension ETCD =
      new EtcdServerExtension(List.of("--experimental-watch-progress-notify-interval=200ms"));

  @Test
  void serverProgressNotificationsAreBookmarksAtOrAfterTheLastEvent() {
    KeyLayout layout = KeyLayout.namespaced(ETCD.newPrefix("notify"));
    EtcdWriter writer = new EtcdWriter(ETCD.client(), layout);
    EtcdListerWatcher<EtcdObject<Widget>> source = EtcdListerWatcher.builder(ETCD.client(), layout, Widget.CODEC,
        Widget.ADAPTER).progressRequests(ProgressRequests.NEVER).build();
    long start = writer.currentRevision();
    RecordingWatchListener<EtcdObject<Widget>> listener = new RecordingWatchListener<>();
    WatchHandle handle = source.watch(WatchRequest.from(Selection.all(), Long.toString(start)), listener);
    try {
      long written = writer.put("ns", "a", Widget.labelled(Map.of()));
      long unrelated = new EtcdWriter(ETCD.client(), KeyLayout.namespaced(ETCD.newPrefix("other")))
          .put("ns", "b", Widget.labelled(Map.of()));

      await().atMost(Duration.ofSeconds(20)).until(() -> listener.eventsOfType(WatchEventType.BOOKMARK).stream()
          .anyMatch(bookmark -> Long.parseLong(bookmark.resourceVersion()) >= unrelated));
      List<WatchEvent<EtcdObject<Widget>>> events = listener.events();
      int added = events.indexOf(listener.objectEvents().get(0));
      assertThat(events.subList(added + 1, events.size())).allSatisfy(
          bookmark -> assertThat(Long.parseLong(bookmark.resourceVersion())).isGreaterThanOrEqualTo(written));
      assertThat(listener.contractViolations()).isEmpty();
    } finally {
      handle.close();
    }
  }
}
