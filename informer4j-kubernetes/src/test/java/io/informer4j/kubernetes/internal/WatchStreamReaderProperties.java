package io.informer4j.kubernetes.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.SourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchListener;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import io.informer4j.testsupport.property.Generator;
import io.informer4j.testsupport.property.Generators;
import io.informer4j.testsupport.property.PropertyCheck;
import org.junit.jupiter.api.Test;

/**
 * The watch-stream reader against random streams of ConfigMap events, bookmarks and malformed
 * events, each on one line as API servers write them, separated by newlines or nothing, cut into
 * random chunks of heap or direct buffers: every event is delivered once, in order, with its
 * content, and each malformed one is reported once in its place. A corrupt event (one cut short
 * and followed by the next line, or one with line feeds inside, as a pretty-printer writes it)
 * fails the stream after every event before it was delivered, and nothing after it is, whatever
 * the chunks.
 */
class WatchStreamReaderProperties {

  private static final FabricJson JSON = new FabricJson();

  /** One event of a generated stream: its JSON and what the listener should see for it. */
  record StreamEvent(String json, String seen) {
  }

  /**
   * A stream: its events with a separator after each, how it is cut into chunks, whether the chunks
   * are direct buffers; for a broken stream, where the corrupt event goes and what it is.
   */
  record Stream(List<StreamEvent> events, List<String> separators, List<Integer> cuts, boolean direct, int corruptAt,
                String corrupt) {
  }

  private static Generator<Stream> streams() {
    return choices -> new Stream(choices.draw(events().list(1, 8)), choices.draw(separators().list(8, 8)),
        choices.draw(Generators.integers(1, 700).list(1, 12)), choices.draw(Generators.booleans()),
        choices.draw(Generators.integers(0, 8)), choices.draw(corrupt()));
  }

  @Test
  void everyEventIsDeliveredOnceInOrderWhateverTheChunks() {
    PropertyCheck.forAll(streams()).tries(300)
        .check(stream -> everyEventIsDelivered(stream.events(), stream.separators(), stream.cuts(), stream.direct()));
  }

  private static void everyEventIsDelivered(List<StreamEvent> events, List<String> separators, List<Integer> cuts,
                                            boolean direct) {
    StringBuilder stream = new StringBuilder();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < events.size(); i++) {
      stream.append(events.get(i).json()).append(separators.get(i));
      expected.add(events.get(i).seen());
    }
    List<String> seen = new ArrayList<>();
    WatchStreamReader<ConfigMap> reader = reader(seen);

    feedInChunks(reader, stream.toString(), cuts, direct);

    assertThat(seen).isEqualTo(expected);
    assertThat(reader.hasPartialEvent()).isFalse();
  }

  @Test
  void aCorruptEventFailsTheStreamAfterEveryEventBeforeIt() {
    PropertyCheck.forAll(streams()).tries(300).check(stream -> aCorruptEventFailsTheStream(stream.events(),
        stream.separators(), stream.corruptAt(), stream.corrupt(), stream.cuts(), stream.direct()));
  }

  private static void aCorruptEventFailsTheStream(List<StreamEvent> events, List<String> separators, int corruptAt,
                                                  String corrupt, List<Integer> cuts, boolean direct) {
    int broken = corruptAt % (events.size() + 1);
    StringBuilder stream = new StringBuilder();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i <= events.size(); i++) {
      if (i == broken) {
        stream.append(corrupt);
      }
      if (i < events.size()) {
        stream.append(events.get(i).json()).append(separators.get(i));
        if (i < broken) {
          expected.add(events.get(i).seen());
        }
      }
    }
    List<String> seen = new ArrayList<>();
    WatchStreamReader<ConfigMap> reader = reader(seen);

    assertThatThrownBy(() -> feedInChunks(reader, stream.toString(), cuts, direct)).isInstanceOf(CorruptStreamException.class);
    assertThat(seen).isEqualTo(expected);
  }

  private static WatchStreamReader<ConfigMap> reader(List<String> seen) {
    return new WatchStreamReader<>(1 << 20, new WatchEventDecoder<>(JSON, ConfigMap.class, "watch cm"), recording(seen));
  }

  /** Feeds {@code stream} to {@code reader} in chunks of the sizes {@code cuts} cycles through. */
  private static void feedInChunks(WatchStreamReader<ConfigMap> reader, String stream, List<Integer> cuts, boolean direct) {
    byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);
    int at = 0;
    for (int cut = 0; at < bytes.length; cut++) {
      int size = Math.min(cuts.get(cut % cuts.size()), bytes.length - at);
      ByteBuffer chunk = chunk(bytes, at, size, direct);
      reader.feed(chunk);
      assertThat(chunk.hasRemaining()).isFalse();
      at += size;
    }
  }

  private static WatchListener<ConfigMap> recording(List<String> seen) {
    return new WatchListener<>() {
      @Override
      public void onEvent(WatchEvent<ConfigMap> event) {
        seen.add(event.type() == WatchEventType.BOOKMARK ? "bookmark " + event.resourceVersion()
            : event.type() + " " + event.object().getMetadata().getName() + " " + event.object().getData().get("k"));
      }

      @Override
      public void onMalformed(MalformedObjectException problem) {
        seen.add("malformed");
      }

      @Override
      public void onClose(SourceException error) {
        seen.add("closed");
      }
    };
  }

  private static ByteBuffer chunk(byte[] bytes, int at, int size, boolean direct) {
    if (!direct) {
      return ByteBuffer.wrap(bytes, at, size);
    }
    ByteBuffer buffer = ByteBuffer.allocateDirect(size);
    buffer.put(bytes, at, size).flip();
    return buffer;
  }

  /** A MODIFIED event whose value holds JSON's special characters (6 in 8), a bookmark, or a malformed event. */
  private static Generator<StreamEvent> events() {
    Generator<String> values = Generators.elements("{", "}", "[", "]", "\"", "\\", "\n", "a", " ", "é", ":", ",")
        .list(0, 40).map(parts -> String.join("", parts));
    Generator<StreamEvent> modified = choices -> modifiedEvent(choices.draw(Generators.integers(0, 999)),
        choices.draw(values));
    Generator<StreamEvent> bookmark = Generators.integers(1, 999).map(version -> new StreamEvent(
        "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"ConfigMap\",\"metadata\":{\"resourceVersion\":\"" + version + "\"}}}",
        "bookmark " + version));
    Generator<StreamEvent> malformed = Generators.elements(
        new StreamEvent("{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"bad\",\"labels\":[\"x\"]}}}", "malformed"),
        new StreamEvent("{\"type\":\"SHRUG\",\"object\":{}}", "malformed"),
        new StreamEvent("{\"object\":{\"metadata\":{\"name\":\"typeless\"}}}", "malformed"));
    return Generators.frequency(Generators.weight(6, modified), Generators.weight(1, bookmark),
        Generators.weight(1, malformed));
  }

  private static StreamEvent modifiedEvent(int name, String value) {
    return new StreamEvent(
        "{\"type\":\"MODIFIED\",\"object\":{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"cm-"
            + name + "\",\"namespace\":\"ns\",\"resourceVersion\":\"" + name + "\"},\"data\":{\"k\":"
            + JSON.mapper().writeValueAsString(value) + "}}}",
        "MODIFIED cm-" + name + " " + value);
  }

  /**
   * A corrupt event, with a line feed after it: a MODIFIED event cut short anywhere, or pretty-printed
   * (line feeds inside it).
   */
  private static Generator<String> corrupt() {
    String event = "{\"type\":\"MODIFIED\",\"object\":{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":"
        + "{\"name\":\"cut\",\"namespace\":\"ns\",\"resourceVersion\":\"1\"},\"data\":{\"k\":\"a\\\\b\\\"c\"}}}";
    Generator<String> cutShort = Generators.integers(1, event.length() - 1).map(cut -> event.substring(0, cut) + "\n");
    String pretty = JSON.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(JSON.mapper().readTree(event)) + "\n";
    return Generators.frequency(Generators.weight(4, cutShort), Generators.weight(1, Generators.constant(pretty)));
  }

  private static Generator<String> separators() {
    return Generators.elements("\n", "\n", "", " ", "\r\n", "\n\n");
  }
}
