package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.events.v1.Event;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProtobufBodiesTest {

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }

  /** Returns a length-delimited field of {@code parts} (lengths here stay under 128). */
  private static byte[] field(int number, byte[]... parts) {
    byte[] content = concat(parts);
    return concat(new byte[] {(byte) (number << 3 | 2), (byte) content.length}, content);
  }

  private static byte[] text(int number, String value) {
    return field(number, value.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void readsAConfigMapAsKubectlCreateSendsIt() {
    byte[] metadata = field(1, text(1, "app-config"), text(2, ""), text(3, "default"), field(11, text(1, "tier"), text(2, "web")));
    byte[] configMap = concat(metadata, field(2, text(1, "k"), text(2, "v")));
    byte[] envelope = concat(new byte[] {'k', '8', 's', 0}, field(1, text(1, "v1"), text(2, "ConfigMap")), field(2, configMap));

    Map<String, Object> document = ProtobufBodies.read(ResourceType.of(ConfigMap.class), envelope);

    assertThat(document).isEqualTo(Map.of("apiVersion", "v1", "kind", "ConfigMap",
        "metadata", Map.of("name", "app-config", "namespace", "default", "labels", Map.of("tier", "web")),
        "data", Map.of("k", "v")));
  }

  @Test
  void refusesKindsItCannotReadAndBytesThatAreNotTheEncoding() {
    assertThatThrownBy(() -> ProtobufBodies.read(ResourceType.of(Event.class), new byte[] {'k', '8', 's', 0}))
        .isInstanceOfSatisfying(RejectedRequest.class, e -> assertThat(e.failure().code()).isEqualTo(415));
    assertThatThrownBy(() -> ProtobufBodies.read(ResourceType.of(ConfigMap.class), "{}".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOfSatisfying(RejectedRequest.class, e -> assertThat(e.failure().code()).isEqualTo(400));
    assertThatThrownBy(() -> ProtobufBodies.read(ResourceType.of(ConfigMap.class), new byte[] {'k', '8', 's', 0, 0x12, 0x7f}))
        .isInstanceOfSatisfying(RejectedRequest.class, e -> assertThat(e.failure().code()).isEqualTo(400));
  }
}
