package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.meta.ObjectKey;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.InformerTestSupport;
import io.informer4j.testing.Item;
import io.informer4j.testing.RecordingHandler;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rule for objects the informer cannot read: a delete known by key still deletes; any other
 * state known by key keeps the cached version, marked stale in status, never a delete; an event of
 * unknown identity ends the watch and the informer relists; a list item of unknown identity is
 * skipped. Nothing is lost or invented, and status says what is stale. A watch opened again
 * resumes after the unreadable events the informer acted on, and a delete it still receives again
 * is not told twice. (Re-reads of stale objects are off here, so the stale state stays to be seen:
 * {@link StaleObjectRereadTest} covers them.)
 */
class UnreadableObjectsTest extends InformerTestSupport {

  private final RecordingHandler handler = new RecordingHandler();

  @BeforeEach
  void cacheTwoObjects() {
    source.put(Item.of("ns", "a", "1"));
    source.put(Item.of("ns", "b", "1"));
  }

  private FakeSource.Watch startWatching(SharedIndexInformer.Builder<Item> builder) throws InterruptedException {
    informer = builder.build();
    informer.addEventHandler(handler, HandlerOptions.named("recorder"));
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    await().until(() -> handler.size() == 2);
    handler.clear();
    return source.lastWatch();
  }

  private static MalformedObjectException unreadable(String name, WatchEventType type) {
    return new MalformedObjectException("cannot bind ns/" + name, ObjectKey.of("ns", name), type, null);
  }

  private static MalformedObjectException unreadable(String name, WatchEventType type, String version) {
    return new MalformedObjectException("cannot bind ns/" + name, ObjectKey.of("ns", name), type, version, null);
  }

  /** Ends the watch as a corrupt stream does, lets the backoff pass, and returns the watch opened again. */
  private FakeSource.Watch corruptStreamReWatches(FakeSource.Watch watch) {
    watch.end(new TransientSourceException("the watch stream is corrupt", TransientSourceException.Reason.CORRUPT_STREAM));
    await().until(() -> informer.status().errors() == 1);
    fixture.clock.advance(Duration.ofSeconds(1));
    await().until(() -> source.watches().size() == 2);
    assertThat(source.lists()).hasSize(1);
    return source.lastWatch();
  }

  @Test
  void anUnreadableDeleteKnownByKeyStillDeletesAndHandlersHearIt() throws InterruptedException {
    FakeSource.Watch watch = startWatching(fixture.builder().rereadStaleObjects(false));
    watch.listener().onMalformed(unreadable("a", WatchEventType.DELETED));
    watch.listener().onMalformed(unreadable("never-cached", WatchEventType.DELETED));
    watch.send(WatchEvent.modified(Item.of("ns", "b", "3")));

    await().until(() -> handler.size() == 2);
    assertThat(handler.events()).containsExactly("delete ns/a@1 tombstone", "update ns/b@1->3");
    assertThat(informer.indexer().listKeys()).containsExactly("ns/b");
    assertThat(informer.status().malformed()).isEqualTo(2);
    assertThat(informer.status().staleObjects()).isZero();
    assertThat(source.watches()).hasSize(1);
  }

  @Test
  void aWatchOpenedAgainResumesAfterTheUnreadableEventsTheInformerActedOn() throws InterruptedException {
    FakeSource.Watch watch = startWatching(fixture.builder().rereadStaleObjects(false));
    watch.send(WatchEvent.modified(Item.of("ns", "b", "2")));
    watch.listener().onMalformed(unreadable("a", WatchEventType.DELETED, "3"));
    watch.listener().onMalformed(unreadable("b", WatchEventType.MODIFIED, "4"));
    await().until(() -> informer.status().staleObjects() == 1);
    assertThat(informer.lastSyncResourceVersion()).isEqualTo("4");

    FakeSource.Watch again = corruptStreamReWatches(watch);

    assertThat(again.request.resourceVersion()).as("the delete at 3 and the update at 4 are not sent again").isEqualTo("4");
    await().until(() -> handler.size() == 2);
    assertThat(handler.events()).containsExactly("update ns/b@1->2", "delete ns/a@1 tombstone");
  }

  @Test
  void aDeleteSentAgainAfterAnUnreadableOneOfUnknownVersionIsNotToldTwice() throws InterruptedException {
    FakeSource.Watch watch = startWatching(fixture.builder().rereadStaleObjects(false));
    watch.listener().onMalformed(unreadable("a", WatchEventType.DELETED));
    await().until(() -> handler.size() == 1);

    FakeSource.Watch again = corruptStreamReWatches(watch);
    assertThat(again.request.resourceVersion()).as("the version of the delete was not known").isEqualTo("1");
    again.send(WatchEvent.deleted(Item.of("ns", "a", "3")));
    again.send(WatchEvent.modified(Item.of("ns", "b", "4")));

    await().until(() -> handler.size() >= 2);
    assertThat(handler.events()).containsExactly("delete ns/a@1 tombstone", "update ns/b@1->4");
    assertThat(informer.lastSyncResourceVersion()).isEqualTo("4");
  }

  @Test
  void anUnreadableUpdateKeepsTheCachedVersionMarkedStaleUntilAReadableStateArrives() throws InterruptedException {
    FakeSource.Watch watch = startWatching(fixture.builder().rereadStaleObjects(false));
    watch.listener().onMalformed(unreadable("a", WatchEventType.MODIFIED));
    watch.listener().onMalformed(unreadable("new", WatchEventType.ADDED));
    watch.send(WatchEvent.modified(Item.of("ns", "b", "3")));

    await().until(() -> handler.size() == 1);
    assertThat(handler.events()).containsExactly("update ns/b@1->3");
    assertThat(informer.indexer().get("ns/a")).isEqualTo(Item.of("ns", "a", "1"));
    assertThat(informer.status().staleObjects()).isEqualTo(2);
    assertThat(informer.status().staleKeys()).containsExactly("ns/a", "ns/new");

    watch.send(WatchEvent.modified(Item.of("ns", "a", "4")));
    watch.send(WatchEvent.deleted(Item.of("ns", "new", "5")));
    await().until(() -> informer.status().staleObjects() == 0);
    assertThat(informer.indexer().get("ns/a")).isEqualTo(Item.of("ns", "a", "4"));
    assertThat(source.watches()).hasSize(1);
  }

  @Test
  void aTransformThatFailsOnAKnownObjectMarksItStale() throws InterruptedException {
    FakeSource.Watch watch = startWatching(fixture.builder().rereadStaleObjects(false).transform(item -> {
      if ("poison".equals(item.data())) {
        throw new IllegalArgumentException("cannot transform");
      }
      return item;
    }));
    watch.send(WatchEvent.modified(Item.of("ns", "a", "2").withData("poison")));
    await().until(() -> informer.status().staleObjects() == 1);
    assertThat(informer.indexer().get("ns/a")).isEqualTo(Item.of("ns", "a", "1"));
    assertThat(handler.events()).isEmpty();
    assertThat(informer.lastSyncResourceVersion()).as("a watch opened again resumes after the event").isEqualTo("2");
  }

  @Test
  void anEventOfUnknownIdentityEndsTheWatchAndTheInformerRelists() throws InterruptedException {
    FakeSource.Watch watch = startWatching(fixture.builder().rereadStaleObjects(false));
    source.remove("ns/a");
    source.setResourceVersion("7");
    watch.listener().onMalformed(new MalformedObjectException("cannot read an event at all", null));

    await().until(() -> informer.status().errors() == 1);
    assertThat(watch.isClosedByClient()).isTrue();
    fixture.clock.advance(Duration.ofSeconds(1));
    await().until(() -> source.watches().size() == 2);
    assertThat(source.lists()).hasSize(2);
    await().until(() -> handler.size() == 2);
    assertThat(handler.events()).containsExactly("delete ns/a@1 tombstone", "update ns/b@1->1");
    assertThat(informer.lastSyncResourceVersion()).isEqualTo("7");
  }

  @Test
  void aRelistKeepsTheCachedVersionOfAnItemItCannotReadAndNeverDeletesIt() throws InterruptedException {
    FakeSource.Watch watch = startWatching(fixture.builder().rereadStaleObjects(false));
    source.putUnreadable("ns", "a");
    source.putUnidentifiable();
    source.remove("ns/b");
    source.setResourceVersion("9");
    watch.end(new io.informer4j.source.ExpiredException("too old"));
    fixture.clock.advance(Duration.ofSeconds(1));

    await().until(() -> source.watches().size() == 2);
    await().until(() -> handler.size() == 1);
    assertThat(handler.events()).containsExactly("delete ns/b@1 tombstone");
    assertThat(informer.indexer().listKeys()).containsExactly("ns/a");
    assertThat(informer.status().staleKeys()).containsExactly("ns/a");
    assertThat(informer.status().malformed()).isEqualTo(2);
  }

  @Test
  void aWatchListKeepsUnreadableInitialObjectsOutAndReportsThemStale() throws InterruptedException {
    informer = fixture.builder().rereadStaleObjects(false).watchList(true).build();
    informer.addEventHandler(handler, HandlerOptions.named("recorder"));
    informer.start();
    FakeSource.Watch watch = source.lastWatch();
    watch.send(WatchEvent.added(Item.of("ns", "a", "1")));
    watch.listener().onMalformed(unreadable("b", WatchEventType.ADDED));
    watch.send(WatchEvent.added(Item.of("ns", "c", "1")));
    watch.listener().onMalformed(unreadable("c", WatchEventType.DELETED));
    watch.send(WatchEvent.bookmark("5", true));

    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
    assertThat(informer.indexer().listKeys()).containsExactly("ns/a");
    assertThat(informer.status().staleKeys()).containsExactly("ns/b");
    assertThat(informer.lastSyncResourceVersion()).isEqualTo("5");
  }
}
