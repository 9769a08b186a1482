package io.informer4j.kubernetes.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The watch-stream framer against random streams: objects whose strings hold braces, brackets,
 * escaped quotes and escaped backslashes, separated by random whitespace, cut into random chunks
 * come out whole, in order, byte for byte, whether fed whole or one object at a time; and an object
 * cut short and followed by a line feed and the next objects fails the stream at that line feed,
 * after the objects before it came out, whatever the chunks.
 */
class JsonValueFramerProperties {

  @Property(tries = 300)
  void everyObjectComesOutWholeWhateverTheChunks(@ForAll("objects") @Size(min = 1, max = 6) List<String> objects,
                                                 @ForAll("separators") @Size(min = 6, max = 6) List<String> separators,
                                                 @ForAll @Size(min = 1, max = 20) List<@IntRange(min = 1, max = 40) Integer> cuts,
                                                 @ForAll boolean oneAtATime) {
    StringBuilder stream = new StringBuilder();
    for (int i = 0; i < objects.size(); i++) {
      stream.append(separators.get(i)).append(objects.get(i));
    }
    JsonValueFramer framer = new JsonValueFramer(1 << 16);
    List<String> frames = new ArrayList<>();
    feedInChunks(framer, stream.toString(), cuts, oneAtATime, frames);

    assertThat(frames).isEqualTo(objects);
    assertThat(framer.hasPartialFrame()).isFalse();
  }

  @Property(tries = 300)
  void anObjectCutShortBeforeALineFeedFailsTheStreamAfterTheObjectsBeforeIt(
      @ForAll("objects") @Size(min = 2, max = 6) List<String> objects,
      @ForAll("separators") @Size(min = 6, max = 6) List<String> separators,
      @ForAll @IntRange(min = 0, max = 5) int cutObject,
      @ForAll @IntRange(min = 1, max = 1_000) int cutAt,
      @ForAll @Size(min = 1, max = 20) List<@IntRange(min = 1, max = 40) Integer> cuts,
      @ForAll boolean oneAtATime) {
    int broken = cutObject % objects.size();
    String whole = objects.get(broken);
    StringBuilder stream = new StringBuilder();
    for (int i = 0; i < objects.size(); i++) {
      stream.append(separators.get(i)).append(i == broken ? whole.substring(0, 1 + cutAt % (whole.length() - 1)) + "\n"
          : objects.get(i));
    }
    JsonValueFramer framer = new JsonValueFramer(1 << 16);
    List<String> frames = new ArrayList<>();

    assertThatThrownBy(() -> feedInChunks(framer, stream.toString(), cuts, oneAtATime, frames))
        .isInstanceOf(CorruptStreamException.class).hasMessageContaining("cut short");
    assertThat(frames).isEqualTo(objects.subList(0, broken));
  }

  /** Feeds {@code stream} to {@code framer} in chunks of the sizes {@code cuts} cycles through, collecting the frames. */
  private static void feedInChunks(JsonValueFramer framer, String stream, List<Integer> cuts, boolean oneAtATime,
                                   List<String> frames) {
    byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);
    JsonValueFramer.FrameConsumer consumer =
        (data, offset, length) -> frames.add(new String(data, offset, length, StandardCharsets.UTF_8));
    int at = 0;
    for (int cut = 0; at < bytes.length; cut++) {
      int size = Math.min(cuts.get(cut % cuts.size()), bytes.length - at);
      if (oneAtATime) {
        for (int from = at; from < at + size; ) {
          int before = frames.size();
          from = framer.feedOne(bytes, from, at + size, consumer);
          assertThat(frames.size() - before).isLessThanOrEqualTo(1);
        }
      } else {
        framer.feed(bytes, at, at + size, consumer);
      }
      at += size;
    }
  }

  @Provide
  Arbitrary<List<String>> objects() {
    Arbitrary<String> text = Arbitraries.of("{", "}", "[", "]", "\\\"", "\\\\", "a", " ", "é", ":", ",")
        .list().ofMaxSize(12).map(parts -> String.join("", parts));
    return Arbitraries.integers().between(0, 2).flatMap(nesting -> text.list().ofMinSize(1).ofMaxSize(3)
        .map(values -> {
          StringBuilder object = new StringBuilder("{\"type\":\"MODIFIED\"");
          for (int i = 0; i < values.size(); i++) {
            object.append(",\"k").append(i).append("\":");
            object.append("{\"n\":[".repeat(nesting)).append('"').append(values.get(i)).append('"')
                .append("]}".repeat(nesting));
          }
          return object.append('}').toString();
        })).list();
  }

  @Provide
  Arbitrary<List<String>> separators() {
    return Arbitraries.of("", "\n", " ", "\r\n", "\t \n").list();
  }
}
