package io.informer4j.kubernetes.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import io.informer4j.testsupport.property.Generator;
import io.informer4j.testsupport.property.Generators;
import io.informer4j.testsupport.property.PropertyCheck;
import org.junit.jupiter.api.Test;

/**
 * The watch-stream framer against random streams: objects whose strings hold braces, brackets,
 * escaped quotes and escaped backslashes, separated by random whitespace, cut into random chunks
 * come out whole, in order, byte for byte, whether fed whole or one object at a time; and an object
 * cut short and followed by a line feed and the next objects fails the stream at that line feed,
 * after the objects before it came out, whatever the chunks.
 */
class JsonValueFramerProperties {

  /** 1 to 20 chunk sizes of 1 to 40 bytes, cycled through. */
  private static final Generator<List<Integer>> CUTS = Generators.integers(1, 40).list(1, 20);

  /**
   * A stream: its objects with a separator before each, how it is cut into chunks, whether they are
   * fed one object at a time; for a broken stream, which object is cut short and where.
   */
  record Stream(List<String> objects, List<String> separators, List<Integer> cuts, boolean oneAtATime, int cutObject,
                int cutAt) {
  }

  private static Generator<Stream> streams(int minObjects) {
    return choices -> new Stream(choices.draw(objects().list(minObjects, 6)), choices.draw(separators().list(6, 6)),
        choices.draw(CUTS), choices.draw(Generators.booleans()), choices.draw(Generators.integers(0, 5)),
        choices.draw(Generators.integers(1, 1_000)));
  }

  @Test
  void everyObjectComesOutWholeWhateverTheChunks() {
    PropertyCheck.forAll(streams(1)).tries(300).check(stream -> everyObjectComesOutWhole(stream.objects(),
        stream.separators(), stream.cuts(), stream.oneAtATime()));
  }

  private static void everyObjectComesOutWhole(List<String> objects, List<String> separators, List<Integer> cuts,
                                               boolean oneAtATime) {
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

  @Test
  void anObjectCutShortBeforeALineFeedFailsTheStreamAfterTheObjectsBeforeIt() {
    PropertyCheck.forAll(streams(2)).tries(300).check(stream -> aCutObjectFailsTheStream(stream.objects(),
        stream.separators(), stream.cutObject(), stream.cutAt(), stream.cuts(), stream.oneAtATime()));
  }

  private static void aCutObjectFailsTheStream(List<String> objects, List<String> separators, int cutObject, int cutAt,
                                               List<Integer> cuts, boolean oneAtATime) {
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

  /** An object whose 1 to 3 string values, nested 0 to 2 levels deep, hold JSON's special characters. */
  private static Generator<String> objects() {
    Generator<String> text = Generators.elements("{", "}", "[", "]", "\\\"", "\\\\", "a", " ", "é", ":", ",")
        .list(0, 12).map(parts -> String.join("", parts));
    return Generators.integers(0, 2).flatMap(nesting -> text.list(1, 3)
        .map(values -> {
          StringBuilder object = new StringBuilder("{\"type\":\"MODIFIED\"");
          for (int i = 0; i < values.size(); i++) {
            object.append(",\"k").append(i).append("\":");
            object.append("{\"n\":[".repeat(nesting)).append('"').append(values.get(i)).append('"')
                .append("]}".repeat(nesting));
          }
          return object.append('}').toString();
        }));
  }

  private static Generator<String> separators() {
    return Generators.elements("", "\n", " ", "\r\n", "\t \n");
  }
}
