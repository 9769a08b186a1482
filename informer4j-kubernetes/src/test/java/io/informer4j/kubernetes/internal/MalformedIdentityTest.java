package io.informer4j.kubernetes.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.ListSink;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.WatchEventType;
import io.informer4j.testkit.RecordingWatchListener;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What the decoders say of an object that does not bind: the key read from its
 * {@code metadata.name} and {@code metadata.namespace} when they are strings, the watch event type
 * it came with, and its {@code metadata.resourceVersion} when that is a string; nothing of what
 * cannot be read.
 */
class MalformedIdentityTest {

  private static final FabricJson JSON = new FabricJson();
  private static final String UNBINDABLE = "{\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"bad\",\"namespace\":\"ns\","
      + "\"labels\":[1]},\"data\":{\"k\":\"v\"}}";

  private final WatchEventDecoder<ConfigMap> decoder = new WatchEventDecoder<>(JSON, ConfigMap.class, "watch cm");

  @Test
  void anUnbindableObjectOfAnyObjectEventIsReportedWithItsKeyAndTheEventType() {
    for (WatchEventType type : List.of(WatchEventType.ADDED, WatchEventType.MODIFIED, WatchEventType.DELETED)) {
      MalformedObjectException problem = decodeFailure("{\"type\":\"" + type + "\",\"object\":" + UNBINDABLE + "}");

      assertThat(problem.key()).contains(ObjectKey.of("ns", "bad"));
      assertThat(problem.eventType()).contains(type);
      assertThat(problem).hasMessageStartingWith("watch cm: the object of a " + type + " event (ns/bad)")
          .hasMessageContaining("ConfigMap");
    }
  }

  @Test
  void theIdentityIsReadWhereverTheTypeStandsAndForClusterScopedObjects() {
    MalformedObjectException typeLast = decodeFailure("{\"object\":" + UNBINDABLE + ",\"type\":\"DELETED\"}");
    assertThat(typeLast.key()).contains(ObjectKey.of("ns", "bad"));
    assertThat(typeLast.eventType()).contains(WatchEventType.DELETED);

    MalformedObjectException clusterScoped = decodeFailure(
        "{\"type\":\"MODIFIED\",\"object\":{\"metadata\":{\"name\":\"node-1\",\"labels\":[1]}}}");
    assertThat(clusterScoped.key()).contains(ObjectKey.clusterScoped("node-1"));
  }

  @Test
  void theResourceVersionOfAnUnbindableObjectIsReportedWhenItIsANonEmptyString() {
    MalformedObjectException deleted = decodeFailure("{\"type\":\"DELETED\",\"object\":{\"metadata\":{\"name\":\"bad\","
        + "\"namespace\":\"ns\",\"resourceVersion\":\"868\",\"labels\":[1]}}}");
    assertThat(deleted.resourceVersion()).contains("868");
    assertThat(deleted).hasMessageStartingWith("watch cm: the object of a DELETED event (ns/bad at 868)");
    assertThat(decodeFailure("{\"type\":\"MODIFIED\",\"object\":" + UNBINDABLE + "}").resourceVersion()).isEmpty();

    for (String version : List.of("\"\"", "868", "[\"868\"]", "null")) {
      MalformedObjectException problem = decodeFailure("{\"type\":\"MODIFIED\",\"object\":{\"metadata\":{\"name\":\"bad\","
          + "\"resourceVersion\":" + version + ",\"labels\":[1]}}}");
      assertThat(problem.key()).as(version).contains(ObjectKey.clusterScoped("bad"));
      assertThat(problem.resourceVersion()).as(version).isEmpty();
    }
  }

  @Test
  void anObjectWithoutAReadableIdentityIsReportedWithoutAKey() {
    for (String object : List.of("{\"metadata\":{\"labels\":[1]}}", "{\"metadata\":{\"name\":\"\",\"labels\":[1]}}",
        "{\"metadata\":{\"name\":7,\"labels\":[1]}}", "{\"metadata\":{\"name\":\"bad\",\"namespace\":[],\"labels\":[1]}}",
        "{\"metadata\":[1]}")) {
      MalformedObjectException problem = decodeFailure("{\"type\":\"MODIFIED\",\"object\":" + object + "}");

      assertThat(problem.key()).as(object).isEmpty();
      assertThat(problem.eventType()).as(object).contains(WatchEventType.MODIFIED);
    }
  }

  @Test
  void anEventThatIsNotJsonOrNotAnObjectEventSaysNothingOfAnObject() {
    MalformedObjectException cut = decodeFailure("{\"type\":\"DELETED\",\"object\":{\"metadata\":{\"name\":\"bad\",\"namespace\":\"ns\"");
    assertThat(cut.key()).isEmpty();
    assertThat(cut.eventType()).contains(WatchEventType.DELETED);

    MalformedObjectException noObject = decodeFailure("{\"type\":\"ADDED\"}");
    assertThat(noObject.key()).isEmpty();
    assertThat(noObject.eventType()).contains(WatchEventType.ADDED);

    for (String other : List.of("{\"type\":\"SHRUG\",\"object\":" + UNBINDABLE + "}", "{\"object\":" + UNBINDABLE + "}",
        "{\"type\":\"BOOKMARK\",\"object\":{}}")) {
      MalformedObjectException problem = decodeFailure(other);
      assertThat(problem.key()).as(other).isEmpty();
      assertThat(problem.eventType()).as(other).isEmpty();
    }
  }

  @Test
  void theFirstEventOfARangeIsOnlyTakenWholeAndOnOneLineAndItsFailureIsCheap() {
    byte[] unbindable = ("{\"type\":\"MODIFIED\",\"object\":" + UNBINDABLE + "}\n").getBytes(StandardCharsets.UTF_8);
    MalformedObjectException problem = catchThrowableOfType(MalformedObjectException.class,
        () -> decoder.decodeFirst(unbindable, 0, unbindable.length));
    assertThat(problem.key()).as("the caller frames the event and decodes it to report it").isEmpty();

    byte[] twoLines = "{\"type\":\"BOOKMARK\",\n\"object\":{\"metadata\":{\"resourceVersion\":\"4\"}}}\n"
        .getBytes(StandardCharsets.UTF_8);
    assertThat(catchThrowableOfType(MalformedObjectException.class, () -> decoder.decodeFirst(twoLines, 0, twoLines.length)))
        .hasMessageContaining("more than one line");
    assertThat(decoder.decode(twoLines, 0, twoLines.length - 1).resourceVersion())
        .as("an exact frame (a WebSocket message) may span lines").isEqualTo("4");
  }

  @Test
  void aStreamReportsTheKeyOfAnUnbindableEventWhetherItLiesInOneChunkOrAcrossTwo() {
    String stream = "{\"type\":\"ADDED\",\"object\":" + configMap("a", "") + "}\n"
        + "{\"type\":\"DELETED\",\"object\":" + UNBINDABLE + "}\n"
        + "{\"type\":\"ADDED\",\"object\":" + configMap("b", "") + "}\n";
    byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);
    for (int split : List.of(bytes.length, stream.indexOf("DELETED"), stream.indexOf("labels"))) {
      RecordingWatchListener<ConfigMap> listener = new RecordingWatchListener<>();
      WatchStreamReader<ConfigMap> reader = new WatchStreamReader<>(1 << 20, decoder, listener);

      reader.feed(ByteBuffer.wrap(bytes, 0, split));
      reader.feed(ByteBuffer.wrap(bytes, split, bytes.length - split));

      assertThat(listener.objectEvents()).as("split at %d", split).extracting(event -> event.object().getMetadata().getName())
          .containsExactly("a", "b");
      assertThat(listener.malformed()).as("split at %d", split).singleElement().satisfies(problem -> {
        assertThat(problem.key()).contains(ObjectKey.of("ns", "bad"));
        assertThat(problem.eventType()).contains(WatchEventType.DELETED);
      });
    }
  }

  @Test
  void anUnbindableListItemIsReportedWithItsKeyAndTheOthersAreDelivered() {
    String big = "x".repeat(20_000);
    String body = "{\"kind\":\"ConfigMapList\",\"items\":["
        + configMap("a", big) + "," + UNBINDABLE + "," + configMap("b", big) + ",{\"metadata\":{\"labels\":[1]}},"
        + "{\"metadata\":{\"name\":\"late\",\"labels\":{\"big\":\"" + big + "\",\"bad\":[1]}}}" + ",\"scalar\","
        + configMap("c", "") + "],\"metadata\":{\"resourceVersion\":\"9\"}}";
    List<String> names = new ArrayList<>();
    List<MalformedObjectException> problems = new ArrayList<>();

    new ListStreamDecoder<>(JSON, ConfigMap.class).decode(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)),
        new ListSink<>() {
          @Override
          public void accept(ConfigMap item) {
            names.add(item.getMetadata().getName());
          }

          @Override
          public void malformed(MalformedObjectException problem) {
            problems.add(problem);
          }
        });

    assertThat(names).containsExactly("a", "b", "c");
    assertThat(problems).extracting(MalformedObjectException::key).containsExactly(
        Optional.of(ObjectKey.of("ns", "bad")), Optional.empty(), Optional.of(ObjectKey.clusterScoped("late")), Optional.empty());
    assertThat(problems).allSatisfy(problem -> assertThat(problem.eventType()).isEmpty());
    assertThat(problems.get(0)).hasMessageStartingWith("list item 1 (ns/bad) cannot be read as ConfigMap");
  }

  private static String configMap(String name, String value) {
    return "{\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\",\"namespace\":\"ns\"},\"data\":{\"v\":\"" + value + "\"}}";
  }

  private MalformedObjectException decodeFailure(String event) {
    byte[] bytes = event.getBytes(StandardCharsets.UTF_8);
    return catchThrowableOfType(MalformedObjectException.class, () -> decoder.decode(bytes, 0, bytes.length));
  }
}
