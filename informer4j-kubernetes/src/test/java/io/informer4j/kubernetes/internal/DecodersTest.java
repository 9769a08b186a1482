package io.informer4j.kubernetes.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListSink;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DecodersTest {

  private static final FabricJson JSON = new FabricJson();

  private static String configMap(String name, String rv) {
    return "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name
        + "\",\"namespace\":\"ns\",\"resourceVersion\":\"" + rv + "\"},\"data\":{\"k\":\"}{\\\"\"}}";
  }

  @Test
  void listItemsReachTheSinkOneByOneAndABadItemIsSkipped() {
    String body = "{\"kind\":\"ConfigMapList\",\"items\":[" + configMap("a", "5")
        + ",{\"metadata\":{\"name\":\"bad\",\"labels\":[1,2]}},\"scalar\"," + configMap("b", "6")
        + "],\"metadata\":{\"resourceVersion\":\"9\",\"continue\":\"next\",\"remainingItemCount\":4}}";
    List<String> names = new ArrayList<>();
    List<MalformedObjectException> bad = new ArrayList<>();
    ListPage page = new ListStreamDecoder<>(JSON, ConfigMap.class).decode(
        new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), new ListSink<>() {
          @Override
          public void accept(ConfigMap item) {
            names.add(item.getMetadata().getName());
          }

          @Override
          public void malformed(MalformedObjectException problem) {
            bad.add(problem);
          }
        });

    assertThat(names).containsExactly("a", "b");
    assertThat(bad).hasSize(2).allSatisfy(e -> assertThat(e).hasMessageContaining("ConfigMap"));
    assertThat(page).isEqualTo(new ListPage("9", "next", 4L));
  }

  @Test
  void aBodyThatIsNotAListFails() {
    ListStreamDecoder<ConfigMap> decoder = new ListStreamDecoder<>(JSON, ConfigMap.class);
    assertThatThrownBy(() -> decoder.decode(new ByteArrayInputStream("[1]".getBytes(StandardCharsets.UTF_8)), item -> { }))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void framerSplitsEventsWhateverTheChunkBoundaries() {
    String stream = "{\"type\":\"ADDED\",\"object\":" + configMap("a", "5") + "}\n \n{\"type\":\"MODIFIED\",\"object\":"
        + configMap("a", "6") + "}{\"type\":\"BOOKMARK\",\"object\":{\"metadata\":{\"resourceVersion\":\"7\"}}}\n";
    byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);
    for (int chunk = 1; chunk <= bytes.length; chunk += 7) {
      JsonValueFramer framer = new JsonValueFramer(1 << 20);
      List<String> frames = new ArrayList<>();
      for (int at = 0; at < bytes.length; at += chunk) {
        framer.feed(bytes, at, Math.min(at + chunk, bytes.length),
            (data, offset, length) -> frames.add(new String(data, offset, length, StandardCharsets.UTF_8)));
      }
      assertThat(frames).as("chunk size %d", chunk).hasSize(3);
      assertThat(frames.get(0)).startsWith("{\"type\":\"ADDED\"").endsWith("}}");
      assertThat(framer.hasPartialFrame()).isFalse();
    }
  }

  @Test
  void framerRejectsGarbageAndOversizedEvents() {
    byte[] nope = "nope".getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> new JsonValueFramer(1024).feed(nope, 0, nope.length, (d, o, l) -> { }))
        .isInstanceOf(CorruptStreamException.class);
    byte[] big = ("{\"a\":\"" + "x".repeat(100) + "\"}").getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> new JsonValueFramer(64).feed(big, 0, big.length, (d, o, l) -> { }))
        .isInstanceOf(CorruptStreamException.class).hasMessageContaining("larger than 64");
  }

  @Test
  void decodesObjectEventsBookmarksAndErrors() {
    WatchEventDecoder<ConfigMap> decoder = new WatchEventDecoder<>(JSON, ConfigMap.class, "watch cm");

    WatchEvent<ConfigMap> added = decode(decoder, "{\"type\":\"ADDED\",\"object\":" + configMap("a", "5") + "}");
    assertThat(added.type()).isEqualTo(WatchEventType.ADDED);
    assertThat(added.object().getData()).containsEntry("k", "}{\"");

    WatchEvent<ConfigMap> objectFirst = decode(decoder, "{\"object\":" + configMap("a", "6") + ",\"type\":\"DELETED\"}");
    assertThat(objectFirst.type()).isEqualTo(WatchEventType.DELETED);
    assertThat(objectFirst.object().getMetadata().getResourceVersion()).isEqualTo("6");

    WatchEvent<ConfigMap> end = decode(decoder, "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"ConfigMap\",\"metadata\":"
        + "{\"resourceVersion\":\"12\",\"annotations\":{\"k8s.io/initial-events-end\":\"true\"}}}}");
    assertThat(end).isEqualTo(WatchEvent.bookmark("12", true));
    assertThat(decode(decoder, "{\"type\":\"BOOKMARK\",\"object\":{\"metadata\":{\"resourceVersion\":\"13\"}}}"))
        .isEqualTo(WatchEvent.bookmark("13", false));

    WatchEvent<ConfigMap> error = decode(decoder, "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"status\":\"Failure\","
        + "\"message\":\"too old resource version: 3 (40)\",\"reason\":\"Expired\",\"code\":410}}");
    assertThat(error.type()).isEqualTo(WatchEventType.ERROR);
    assertThat(error.error()).isInstanceOf(ExpiredException.class).hasMessageContaining("too old resource version");
  }

  @Test
  void theFirstEventOfARangeIsDecodedWhereItLiesAndItsLengthTold() {
    WatchEventDecoder<ConfigMap> decoder = new WatchEventDecoder<>(JSON, ConfigMap.class, "watch cm");
    String first = "{\"type\":\"MODIFIED\",\"object\":" + configMap("a", "7") + "}";
    String second = "{\"type\":\"DELETED\",\"object\":" + configMap("b", "8") + "}";
    byte[] bytes = ("xx \n" + first + "\n" + second + "\n").getBytes(StandardCharsets.UTF_8);

    WatchEventDecoder.Decoded<ConfigMap> decoded = decoder.decodeFirst(bytes, 2, bytes.length - 2);

    assertThat(decoded.event().type()).isEqualTo(WatchEventType.MODIFIED);
    assertThat(decoded.event().object().getMetadata().getName()).isEqualTo("a");
    int next = 2 + decoded.length();
    assertThat(new String(bytes, next, bytes.length - next, StandardCharsets.UTF_8)).isEqualTo("\n" + second + "\n");
    assertThat(decoder.decodeFirst(bytes, next, bytes.length - next).event().object().getMetadata().getName())
        .isEqualTo("b");
  }

  @Test
  void anEventCutShortIsNeverTakenForAWholeOne() {
    WatchEventDecoder<ConfigMap> decoder = new WatchEventDecoder<>(JSON, ConfigMap.class, "watch cm");
    byte[] event = ("{\"type\":\"MODIFIED\",\"object\":" + configMap("a", "7") + "}").getBytes(StandardCharsets.UTF_8);
    for (int cut = 1; cut < event.length; cut++) {
      int length = cut;
      assertThatThrownBy(() -> decoder.decodeFirst(event, 0, length)).as("cut at %d", cut)
          .isInstanceOf(MalformedObjectException.class);
    }
  }

  @Test
  void malformedEventsAreReportedAsSuch() {
    WatchEventDecoder<ConfigMap> decoder = new WatchEventDecoder<>(JSON, ConfigMap.class, "watch cm");
    for (String bad : List.of("{\"object\":{}}", "{\"type\":\"SHRUG\",\"object\":{}}", "{\"type\":\"ADDED\"}",
        "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"labels\":[1]}}}", "{\"type\":\"BOOKMARK\",\"object\":{}}", "[]")) {
      assertThatThrownBy(() -> decode(decoder, bad)).as(bad).isInstanceOf(MalformedObjectException.class)
          .hasMessageStartingWith("watch cm");
    }
  }

  private static WatchEvent<ConfigMap> decode(WatchEventDecoder<ConfigMap> decoder, String json) {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    return decoder.decode(bytes, 0, bytes.length);
  }
}
