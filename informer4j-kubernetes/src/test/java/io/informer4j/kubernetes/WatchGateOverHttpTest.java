package io.informer4j.kubernetes;

import static io.informer4j.kubernetes.TestServerFixture.CONFIG_MAPS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchRequest;
import io.informer4j.testkit.RecordingWatchListener;
import io.informer4j.testkit.SimObject;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The test server's watch gate, over both watch transports: held events reach no client until
 * released, then all of them arrive, in order, and the watch goes on as before.
 */
class WatchGateOverHttpTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  @ParameterizedTest
  @EnumSource(WatchTransport.class)
  void heldEventsArriveInOrderOnlyWhenReleased(WatchTransport transport) throws InterruptedException {
    try (TestServerFixture fixture = new TestServerFixture(b -> b, transport)) {
      String from = fixture.api.upsert(CONFIG_MAPS.type(), configMap(0)).resourceVersion();
      RecordingWatchListener<ConfigMap> listener = new RecordingWatchListener<>();
      WatchHandle watch = fixture.configMaps().watch(WatchRequest.from(Selection.all(), from), listener);
      fixture.api.upsert(CONFIG_MAPS.type(), configMap(1));
      await().atMost(WAIT).until(() -> listener.objectEvents().size() == 1);

      fixture.server.holdWatchEvents();
      IntStream.rangeClosed(2, 2_000).forEach(i -> fixture.api.upsert(CONFIG_MAPS.type(), configMap(i)));
      Thread.sleep(300);
      assertThat(listener.objectEvents()).hasSize(1);

      fixture.server.releaseWatchEvents();
      await().atMost(WAIT).until(() -> listener.objectEvents().size() == 2_000);
      fixture.api.upsert(CONFIG_MAPS.type(), configMap(2_001));
      await().atMost(WAIT).until(() -> listener.objectEvents().size() == 2_001);

      List<String> names = listener.objectEvents().stream().map(WatchEvent::object)
          .map(object -> object.getMetadata().getName()).toList();
      assertThat(names).isEqualTo(IntStream.rangeClosed(1, 2_001).mapToObj(i -> "cm-" + i).toList());
      assertThat(listener.isClosed()).isFalse();
      watch.close();
    }
  }

  private static SimObject configMap(int index) {
    return SimObject.of("ns", "cm-" + index).withContentAt("data.v", "x".repeat(100));
  }
}
