package io.informer4j.kubernetes.chaos;

import static io.informer4j.kubernetes.chaos.ChaosFixture.CONFIG_MAPS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.Selection;
import io.informer4j.source.SourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchListener;
import io.informer4j.source.WatchRequest;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.chaos.EventFault;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The proxy's {@link EventFault#CORRUPT_OBJECT} reaches a backend as an object it cannot bind,
 * typed or dynamic, whose key, event and resourceVersion are still readable: the chaos suite's corrupted updates and
 * deletes are really corrupt, and really identifiable.
 */
class CorruptedEventsTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private ChaosFixture fixture;

  @BeforeEach
  void start() {
    fixture = new ChaosFixture(1);
  }

  @AfterEach
  void stop() {
    fixture.close();
  }

  @Test
  void aTypedWatchCannotBindACorruptedObject() {
    assertCorruptedObjectIsMalformed(fixture.configMaps());
  }

  @Test
  void aDynamicWatchCannotBindACorruptedObject() {
    assertCorruptedObjectIsMalformed(fixture.dynamicConfigMaps());
  }

  private <T extends HasMetadata> void assertCorruptedObjectIsMalformed(ListerWatcher<T> source) {
    SimObject created = fixture.api.create(CONFIG_MAPS.type(), SimObject.of("shop", "cm").withContentAt("data.v", "1"));
    Recording<T> recording = new Recording<>();
    fixture.proxy.faultEvents(EventFault.CORRUPT_OBJECT, 1, "MODIFIED");
    WatchHandle handle = source.watch(WatchRequest.from(Selection.all(), created.resourceVersion()), recording);
    try {
      SimObject corrupted = fixture.api.upsert(CONFIG_MAPS.type(), SimObject.of("shop", "cm").withContentAt("data.v", "2"));
      await().atMost(WAIT).until(() -> !recording.malformed.isEmpty());
      assertThat(recording.malformed).singleElement().satisfies(problem -> {
        assertThat(problem.key()).as("its identity is still readable").hasValue(ObjectKey.of("shop", "cm"));
        assertThat(problem.eventType()).hasValue(WatchEventType.MODIFIED);
        assertThat(problem.resourceVersion()).as("so is its version").hasValue(corrupted.resourceVersion());
      });

      SimObject after = fixture.api.upsert(CONFIG_MAPS.type(), SimObject.of("shop", "cm").withContentAt("data.v", "3"));
      await().atMost(WAIT).untilAsserted(() -> assertThat(recording.events)
          .anySatisfy(event -> assertThat(event.object().getMetadata().getResourceVersion()).isEqualTo(after.resourceVersion())));
      assertThat(recording.closes).as("the watch goes on after a corrupted object").isEmpty();
    } finally {
      handle.close();
    }
  }

  /** Records what a watch delivers. */
  private static final class Recording<T extends HasMetadata> implements WatchListener<T> {
    final List<WatchEvent<T>> events = new CopyOnWriteArrayList<>();
    final List<MalformedObjectException> malformed = new CopyOnWriteArrayList<>();
    final List<String> closes = new CopyOnWriteArrayList<>();

    @Override
    public void onEvent(WatchEvent<T> event) {
      events.add(event);
    }

    @Override
    public void onMalformed(MalformedObjectException problem) {
      malformed.add(problem);
    }

    @Override
    public void onClose(SourceException error) {
      closes.add(String.valueOf(error));
    }
  }
}
