package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.source.WatchEventType;
import io.vertx.core.buffer.Buffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EventJsonTest {

  @Test
  void anObjectEventIsItsTypesOpeningTheObjectAndTheClosingBrace() {
    byte[] object = "{\"metadata\":{\"name\":\"é\"}}".getBytes(StandardCharsets.UTF_8);

    EventJson event = EventJson.withObject(WatchEventType.MODIFIED, object);

    String expected = "{\"type\":\"MODIFIED\",\"object\":{\"metadata\":{\"name\":\"é\"}}}";
    assertThat(event.text()).isEqualTo(expected);
    assertThat(event.length()).isEqualTo(expected.getBytes(StandardCharsets.UTF_8).length);
    Buffer buffer = Buffer.buffer("x");
    event.appendTo(buffer);
    assertThat(buffer.toString(StandardCharsets.UTF_8)).isEqualTo("x" + expected);
  }

  @Test
  void aWholeEventIsWrittenAsItIs() {
    byte[] json = "{\"type\":\"BOOKMARK\",\"object\":{}}".getBytes(StandardCharsets.UTF_8);

    EventJson event = EventJson.whole(json);

    assertThat(event.text()).isEqualTo("{\"type\":\"BOOKMARK\",\"object\":{}}");
    assertThat(event.length()).isEqualTo(json.length);
  }

  @Test
  void rawBytesAreWrittenAsTheyAreWithoutALineFeedOfTheirOwn() {
    byte[] bytes = "{\"type\":\"ADDED\",\"obj\n".getBytes(StandardCharsets.UTF_8);

    EventJson raw = EventJson.raw(bytes);

    assertThat(raw.text()).isEqualTo("{\"type\":\"ADDED\",\"obj\n");
    assertThat(raw.endsLine()).isFalse();
    assertThat(EventJson.whole("{}".getBytes(StandardCharsets.UTF_8)).endsLine()).isTrue();
  }
}
