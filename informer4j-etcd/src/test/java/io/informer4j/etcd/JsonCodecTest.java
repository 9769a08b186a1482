package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.etcd.testing.Widget;
import io.informer4j.meta.ObjectKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonCodecTest {

  private static EtcdEntry entry(String json) {
    return new EtcdEntry(ObjectKey.of("ns", "a"), "/w/ns/a", json.getBytes(StandardCharsets.UTF_8), 7, 3, 2);
  }

  @Test
  void decodesIntoAnEtcdObjectCarryingTheKeyAndRevision() throws IOException {
    byte[] json = Widget.CODEC.encode(new Widget(Map.of("app", "web"), "red"));
    EtcdObject<Widget> object = Widget.CODEC.decode(entry(new String(json, StandardCharsets.UTF_8)));

    assertThat(object).isEqualTo(new EtcdObject<>("ns", "a", 7, 3, new Widget(Map.of("app", "web"), "red")));
    assertThat(object.resourceVersion()).isEqualTo("7");
    assertThat(Widget.ADAPTER.labels(object)).containsEntry("app", "web");
    assertThat(Widget.ADAPTER.field(object, "spec.color")).isEqualTo("red");
    assertThat(Widget.ADAPTER.field(object, "metadata.namespace")).isEqualTo("ns");
  }

  @Test
  void unknownPropertiesAreIgnoredButBrokenJsonAndNullFail() throws IOException {
    assertThat(Widget.CODEC.decode(entry("{\"color\":\"x\",\"extra\":1}")).value().color()).isEqualTo("x");
    assertThatThrownBy(() -> Widget.CODEC.decode(entry("{"))).isInstanceOf(IOException.class);
    assertThatThrownBy(() -> Widget.CODEC.decode(entry("null"))).isInstanceOf(IOException.class).hasMessageContaining("/w/ns/a");
  }
}
