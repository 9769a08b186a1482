package io.informer4j.kubernetes;

import static io.informer4j.kubernetes.TestServerFixture.CONFIG_MAPS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.informer4j.kubernetes.testserver.UnbindableObjects;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListSink;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.Selection;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchRequest;
import io.informer4j.testkit.RecordingWatchListener;
import io.informer4j.testkit.SimObject;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The backend against hostile data from the test server, over HTTP: an object whose JSON does not
 * bind to the model is reported with its key and the event that carried it (so the informer can
 * still apply a delete, or keep the cached version as stale), in lists and in watch events over both
 * transports; a watch stream carrying an event cut short ends with {@code CORRUPT_STREAM} after the
 * events before it.
 */
class HostileDataOverHttpTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  @ParameterizedTest
  @EnumSource(WatchTransport.class)
  void anUnbindableModifiedOrDeletedObjectIsReportedWithItsKeyAndEvent(WatchTransport transport) {
    try (TestServerFixture fixture = new TestServerFixture(b -> b, transport)) {
      String from = fixture.api.upsert(CONFIG_MAPS.type(), configMap("ns", "bad", "1")).resourceVersion();
      RecordingWatchListener<ConfigMap> listener = new RecordingWatchListener<>();
      WatchHandle watch = fixture.configMaps().watch(WatchRequest.from(Selection.all(), from), listener);

      fixture.api.update(CONFIG_MAPS.type(), UnbindableObjects.withListForLabels(configMap("ns", "bad", "2")));
      await().atMost(WAIT).until(() -> listener.malformed().size() == 1);
      fixture.api.delete(CONFIG_MAPS.type(), "ns", "bad");
      fixture.api.upsert(CONFIG_MAPS.type(), configMap("ns", "after", "3"));
      await().atMost(WAIT).until(() -> listener.objectEvents().size() == 1);

      assertThat(listener.malformed()).extracting(HostileDataOverHttpTest::keyOf, MalformedObjectException::eventType)
          .containsExactly(
              tuple(Optional.of("ns/bad"), Optional.of(WatchEventType.MODIFIED)),
              tuple(Optional.of("ns/bad"), Optional.of(WatchEventType.DELETED)));
      assertThat(listener.malformed()).allSatisfy(problem -> assertThat(problem).hasMessageContaining("ns/bad"));
      assertThat(listener.objectEvents()).extracting(event -> event.object().getMetadata().getName()).containsExactly("after");
      assertThat(listener.isClosed()).isFalse();
      assertThat(listener.contractViolations()).isEmpty();
      watch.close();
    }
  }

  @Test
  void aListWithAnUnbindableItemDeliversTheOthersAndReportsItsKey() {
    try (TestServerFixture fixture = new TestServerFixture()) {
      fixture.api.upsert(CONFIG_MAPS.type(), configMap("ns", "a", "1"));
      fixture.api.upsert(CONFIG_MAPS.type(), UnbindableObjects.withListForLabels(configMap("ns", "bad", "1")));
      fixture.api.upsert(CONFIG_MAPS.type(), configMap("other", "c", "1"));
      List<String> items = new ArrayList<>();
      List<MalformedObjectException> problems = new ArrayList<>();

      fixture.configMaps().list(ListRequest.of(Selection.all(), ""), new ListSink<>() {
        @Override
        public void accept(ConfigMap item) {
          items.add(item.getMetadata().getNamespace() + "/" + item.getMetadata().getName());
        }

        @Override
        public void malformed(MalformedObjectException problem) {
          problems.add(problem);
        }
      });

      assertThat(items).containsExactlyInAnyOrder("ns/a", "other/c");
      assertThat(problems).singleElement().satisfies(problem -> {
        assertThat(keyOf(problem)).contains("ns/bad");
        assertThat(problem.eventType()).isEmpty();
      });
    }
  }

  @ParameterizedTest
  @EnumSource(WatchTransport.class)
  void aDynamicWatchReportsTheKeyOfAnUnbindableObjectToo(WatchTransport transport) {
    try (TestServerFixture fixture = new TestServerFixture(b -> b, transport)) {
      String from = fixture.api.upsert(CONFIG_MAPS.type(), configMap("ns", "bad", "1")).resourceVersion();
      RecordingWatchListener<GenericKubernetesResource> listener = new RecordingWatchListener<>();
      WatchHandle watch = fixture.dynamic(CONFIG_MAPS).watch(WatchRequest.from(Selection.all(), from), listener);

      fixture.api.update(CONFIG_MAPS.type(), UnbindableObjects.withListForLabels(configMap("ns", "bad", "2")));

      await().atMost(WAIT).until(() -> listener.malformed().size() == 1);
      assertThat(keyOf(listener.malformed().get(0))).contains("ns/bad");
      assertThat(listener.malformed().get(0).eventType()).contains(WatchEventType.MODIFIED);
      watch.close();
    }
  }

  @Test
  void anEventCutShortAndFollowedByTheNextLineEndsTheWatchAsACorruptStream() {
    try (TestServerFixture fixture = new TestServerFixture()) {
      String from = fixture.api.upsert(CONFIG_MAPS.type(), configMap("ns", "a", "1")).resourceVersion();
      RecordingWatchListener<ConfigMap> listener = new RecordingWatchListener<>();
      fixture.configMaps().watch(WatchRequest.from(Selection.all(), from), listener);
      fixture.api.upsert(CONFIG_MAPS.type(), configMap("ns", "before", "2"));
      await().atMost(WAIT).until(() -> listener.objectEvents().size() == 1);

      int watches = fixture.server.injectIntoWatches(CONFIG_MAPS.type(),
          "{\"type\":\"MODIFIED\",\"object\":{\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cut\",\"namesp\n"
              .getBytes(StandardCharsets.UTF_8));
      fixture.api.upsert(CONFIG_MAPS.type(), configMap("ns", "after", "3"));

      assertThat(watches).isEqualTo(1);
      assertThat(listener.closed()).succeedsWithin(WAIT).isInstanceOfSatisfying(TransientSourceException.class,
          error -> assertThat(error.reason()).isEqualTo(TransientSourceException.Reason.CORRUPT_STREAM));
      assertThat(listener.objectEvents()).extracting(WatchEvent::object).extracting(cm -> cm.getMetadata().getName())
          .containsExactly("before");
      assertThat(listener.malformed()).isEmpty();
      assertThat(listener.contractViolations()).isEmpty();
    }
  }

  @Test
  void overAWebSocketAnEventCutShortIsOneMessageReportedWithoutIdentity() {
    try (TestServerFixture fixture = new TestServerFixture(b -> b, WatchTransport.WEBSOCKET)) {
      String from = fixture.api.upsert(CONFIG_MAPS.type(), configMap("ns", "a", "1")).resourceVersion();
      RecordingWatchListener<ConfigMap> listener = new RecordingWatchListener<>();
      WatchHandle watch = fixture.configMaps().watch(WatchRequest.from(Selection.all(), from), listener);

      await().atMost(WAIT).until(() -> fixture.server.injectIntoWatches(CONFIG_MAPS.type(),
          "{\"type\":\"DELETED\",\"object\":{\"metadata\":{\"name\":\"cut\"".getBytes(StandardCharsets.UTF_8)) == 1);
      fixture.api.upsert(CONFIG_MAPS.type(), configMap("ns", "after", "2"));

      await().atMost(WAIT).until(() -> listener.objectEvents().size() == 1);
      assertThat(listener.malformed()).singleElement().satisfies(problem -> {
        assertThat(problem.key()).isEmpty();
        assertThat(problem.eventType()).contains(WatchEventType.DELETED);
      });
      assertThat(listener.isClosed()).isFalse();
      watch.close();
    }
  }

  private static SimObject configMap(String namespace, String name, String value) {
    return SimObject.of(namespace, name).withContentAt("data.v", value);
  }

  private static Optional<String> keyOf(MalformedObjectException problem) {
    return problem.key().map(ObjectKey::toString);
  }
}
