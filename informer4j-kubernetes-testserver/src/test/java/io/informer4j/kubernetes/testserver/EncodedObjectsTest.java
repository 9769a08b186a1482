package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EncodedObjectsTest {

  private static final TypeKey TYPE = ResourceType.of(ConfigMap.class).type();

  private final EncodedObjects encoded = new EncodedObjects();

  @Test
  void aStoredVersionIsEncodedOnceAsItWouldBeEachTime() {
    SimObject stored = SimObject.of("ns", "a").withContent(Map.of("data", Map.of("k", "v"))).withResourceVersion("5");

    byte[] first = encoded.json(TYPE, false, stored);

    assertThat(encoded.json(TYPE, false, stored)).isSameAs(first);
    assertThat(first).isEqualTo(HttpBodies.json(ObjectJson.toDocument(TYPE, stored)));
  }

  @Test
  void aNewVersionOrAnotherInstanceIsEncodedAnew() {
    SimObject v5 = SimObject.of("ns", "a").withContent(Map.of("data", Map.of("k", "v"))).withResourceVersion("5");
    byte[] old = encoded.json(TYPE, false, v5);
    SimObject v6 = v5.withContent(Map.of("data", Map.of("k", "w"))).withResourceVersion("6");

    assertThat(text(encoded.json(TYPE, false, v6))).contains("\"k\":\"w\"").contains("\"resourceVersion\":\"6\"");
    assertThat(encoded.json(TYPE, false, v5.withResourceVersion("5"))).isNotSameAs(old).isEqualTo(old);
  }

  @Test
  void metadataOnlyAndFullFormsAreKeptApart() {
    SimObject stored = SimObject.of("ns", "a").withContent(Map.of("data", Map.of("k", "v"))).withResourceVersion("5");

    String full = text(encoded.json(TYPE, false, stored));
    String partial = text(encoded.json(TYPE, true, stored));

    assertThat(full).contains("\"data\"");
    assertThat(partial).doesNotContain("\"data\"").contains("\"name\":\"a\"");
    assertThat(text(encoded.json(TYPE, false, stored))).isEqualTo(full);
  }

  private static String text(byte[] json) {
    return new String(json, StandardCharsets.UTF_8);
  }
}
