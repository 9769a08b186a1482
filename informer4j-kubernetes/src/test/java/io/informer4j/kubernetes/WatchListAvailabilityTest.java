package io.informer4j.kubernetes;

import static io.informer4j.kubernetes.TestServerFixture.CONFIG_MAPS;
import static io.informer4j.kubernetes.TestServerFixture.WIDGETS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.PartialObjectMetadata;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectType;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchRequest;
import io.informer4j.testkit.RecordedRequest;
import io.informer4j.testkit.RecordingWatchListener;
import io.informer4j.testkit.SimObject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Watch-list on a backend: once an informer of any type tells a source that watch-list is unusable
 * on the server (rejected, or the initial events never ended), no source of that backend offers it
 * any more, for any type; and the test server can play a server that does not know watch-list (it
 * streams the current objects and never ends the initial events) or that rejects it, and an
 * informer against the first gives up watch-list after its timeout, after which an informer of
 * another type of the same backend lists at once.
 */
class WatchListAvailabilityTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  @Test
  void watchListFoundUnusableByOneSourceIsOffForEveryTypeOfTheBackend() {
    try (TestServerFixture fixture = new TestServerFixture()) {
      KubernetesBackend backend = fixture.backend;
      backend.register(WIDGETS);
      List<ListerWatcher<?>> sources = List.of(fixture.configMaps(), backend.listerWatcher(backend.dynamic(WIDGETS.type())),
          backend.listerWatcher(backend.metadataOnly(CONFIG_MAPS.type())),
          backend.listerWatcher(backend.dynamicByPlural("", "v1", "configmaps")));
      assertThat(sources).allMatch(ListerWatcher::supportsWatchList);

      sources.get(1).watchListUnavailable("no initial-events-end bookmark within 10s");

      assertThat(sources).noneMatch(ListerWatcher::supportsWatchList);
      assertThat(fixture.configMaps().supportsWatchList()).as("a source made afterwards").isFalse();
      assertThat(Informers.configMapSource(KubernetesBackend.using(fixture.client)).supportsWatchList())
          .as("another backend").isTrue();
    }
  }

  @Test
  void aBackendBuiltWithoutWatchListNeverOffersIt() {
    try (TestServerFixture fixture = new TestServerFixture()) {
      ListerWatcher<ConfigMap> source =
          Informers.configMapSource(KubernetesBackend.builder(fixture.client).watchList(false).build());

      source.watchListUnavailable("rejected");

      assertThat(source.supportsWatchList()).isFalse();
    }
  }

  @Test
  void aServerThatDoesNotKnowWatchListStreamsTheObjectsButNeverEndsTheInitialEvents() {
    try (TestServerFixture fixture = new TestServerFixture()) {
      fixture.server.ignoreSendInitialEvents(true);
      fixture.api.upsert(CONFIG_MAPS.type(), SimObject.of("ns", "a"));
      fixture.api.upsert(CONFIG_MAPS.type(), SimObject.of("ns", "b"));
      RecordingWatchListener<ConfigMap> listener = new RecordingWatchListener<>();

      WatchHandle watch = fixture.configMaps().watch(watchList(), listener);
      fixture.api.upsert(CONFIG_MAPS.type(), SimObject.of("ns", "c"));

      await().atMost(WAIT).until(() -> listener.objectEvents().size() == 3);
      assertThat(listener.objectEvents()).extracting(WatchEvent::type).containsOnly(WatchEventType.ADDED);
      assertThat(listener.objectEvents()).extracting(event -> event.object().getMetadata().getName())
          .containsExactly("a", "b", "c");
      assertThat(listener.eventsOfType(WatchEventType.BOOKMARK)).noneMatch(WatchEvent::initialEventsEnd);
      assertThat(fixture.api.requests()).singleElement().satisfies(request -> assertThat(request.sendInitialEvents())
          .as("the simulated API behind the server saw a plain watch").isFalse());
      watch.close();
    }
  }

  @Test
  void aServerThatKnowsWatchListEndsTheInitialEventsWithABookmark() {
    try (TestServerFixture fixture = new TestServerFixture()) {
      fixture.api.upsert(CONFIG_MAPS.type(), SimObject.of("ns", "a"));
      RecordingWatchListener<ConfigMap> listener = new RecordingWatchListener<>();

      WatchHandle watch = fixture.configMaps().watch(watchList(), listener);

      await().atMost(WAIT).until(() -> listener.eventsOfType(WatchEventType.BOOKMARK).stream()
          .anyMatch(WatchEvent::initialEventsEnd));
      assertThat(listener.objectEvents()).hasSize(1);
      watch.close();
    }
  }

  @Test
  void aServerThatRejectsWatchListRefusesTheWatch() {
    try (TestServerFixture fixture = new TestServerFixture(b -> b.rejectWatchList(true), WatchTransport.HTTP_STREAM)) {
      assertThatThrownBy(() -> fixture.configMaps().watch(watchList(), new RecordingWatchListener<>()))
          .isInstanceOf(InvalidRequestException.class).hasMessageContaining("422");
    }
  }

  @Test
  void anInformerWhoseWatchListNeverEndsFallsBackToListingAndTheOtherTypesListAtOnce() {
    try (TestServerFixture fixture = new TestServerFixture()) {
      fixture.server.ignoreSendInitialEvents(true);
      for (int i = 0; i < 3; i++) {
        fixture.api.upsert(CONFIG_MAPS.type(), SimObject.of("ns", "cm-" + i));
      }
      SharedIndexInformer<ConfigMap> first = Informers.configMaps(fixture.backend)
          .watchList(true).watchListTimeout(Duration.ofMillis(500)).build();
      first.start();
      try {
        assertThat(first.synced()).succeedsWithin(WAIT);
        assertThat(first.indexer().size()).isEqualTo(3);
        assertThat(first.status().watchListFallbacks()).isEqualTo(1);
        assertThat(fixture.api.requests()).anyMatch(RecordedRequest::isList);
      } finally {
        first.stop();
      }

      fixture.api.clearRequests();
      ObjectType<PartialObjectMetadata> metadata = fixture.backend.metadataOnly(CONFIG_MAPS.type());
      ListerWatcher<PartialObjectMetadata> other = fixture.backend.listerWatcher(metadata);
      assertThat(other.supportsWatchList()).isFalse();
      SharedIndexInformer<PartialObjectMetadata> second = Informers.builder(other, metadata).watchList(true).build();
      second.start();
      try {
        assertThat(second.synced()).succeedsWithin(WAIT);
        assertThat(second.indexer().size()).isEqualTo(3);
        assertThat(second.status().watchListFallbacks()).isZero();
        assertThat(fixture.api.requests()).noneMatch(RecordedRequest::sendInitialEvents).anyMatch(RecordedRequest::isList);
      } finally {
        second.stop();
      }
    }
  }

  /** A watch-list request as an informer sends it. */
  private static WatchRequest watchList() {
    return new WatchRequest(Selection.all(), "", ResourceVersionMatch.NOT_OLDER_THAN, true, true, null);
  }
}
