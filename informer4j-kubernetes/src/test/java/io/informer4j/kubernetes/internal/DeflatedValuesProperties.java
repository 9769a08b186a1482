package io.informer4j.kubernetes.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import io.informer4j.testsupport.property.Generator;
import io.informer4j.testsupport.property.Generators;
import io.informer4j.testsupport.property.PropertyCheck;
import org.junit.jupiter.api.Test;

/**
 * Compressed text values read back exactly: for random maps of any text (any Unicode, repetitive or
 * not), the compressed map, when made, equals the original both ways, in order, with its hash code and
 * every lookup, and refuses changes; maps too small or too random to pay are not compressed.
 */
class DeflatedValuesProperties {

  /** Maps of up to 12 values, each any text (lone surrogates included) or a unit of it repeated. */
  private static Generator<Map<String, String>> texts() {
    Generator<String> keys = Generators.strings(Generators.codePoints('a', 'z'), 1, 12);
    Generator<String> repetitive = anyText(20).flatMap(unit -> Generators.integers(0, 80).map(unit::repeat));
    Generator<String> values = Generators.oneOf(anyText(300), repetitive);
    return Generators.maps(keys, values, 0, 12);
  }

  private static Generator<String> anyText(int maxLength) {
    return Generators.strings(Generators.chars(), 0, maxLength);
  }

  /** A map to compress and a key to look up that is most likely absent. */
  record Lookup(Map<String, String> original, String absent) {
  }

  @Test
  void whatIsCompressedReadsBackWhole() {
    PropertyCheck.forAll(choices -> new Lookup(choices.draw(texts()), choices.draw(anyText(Generators.DEFAULT_MAX_LENGTH))))
        .tries(500)
        .check(lookup -> readsBackWhole(lookup.original(), lookup.absent()));
  }

  private static void readsBackWhole(Map<String, String> original, String absent) {
    DeflatedValues compressed = DeflatedValues.of(original);
    if (compressed == null) {
      return;
    }
    assertThat(compressed).isEqualTo(original);
    assertThat(original).isEqualTo(compressed);
    assertThat(compressed.hashCode()).isEqualTo(original.hashCode());
    assertThat(new ArrayList<>(compressed.entrySet())).containsExactlyElementsOf(original.entrySet());
    original.forEach((key, value) -> {
      assertThat(compressed.containsKey(key)).isTrue();
      assertThat(compressed.get(key)).isEqualTo(value);
    });
    assertThat(compressed.get(absent)).isEqualTo(original.get(absent));
    assertThatThrownBy(() -> compressed.put("k", "v")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> compressed.entrySet().iterator().next().setValue("v"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void repetitiveTextIsCompressedAndSmallOrRandomTextIsNot() {
    assertThat(DeflatedValues.of(Map.of("config.yaml", "replicas: 3\n".repeat(100)))).isNotNull();
    assertThat(DeflatedValues.of(Map.of("small", "x".repeat(DeflatedValues.MIN_TEXT - 1)))).isNull();
    StringBuilder random = new StringBuilder();
    Random seeded = new Random(7);
    for (int i = 0; i < 2000; i++) {
      random.append((char) ('!' + seeded.nextInt(90)));
    }
    assertThat(DeflatedValues.of(Map.of("noise", random.toString()))).isNull();
    Map<String, String> withNull = new LinkedHashMap<>();
    withNull.put("a", "y".repeat(1000));
    withNull.put("b", null);
    assertThat(DeflatedValues.of(withNull)).isNull();
    assertThat(DeflatedValues.of(Map.of("broken", "z".repeat(1000) + "\ud800"))).isNull();
    Map<String, String> questions = Map.of("faq", "why? because.\n".repeat(60));
    assertThat(DeflatedValues.of(questions)).isNotNull().isEqualTo(questions);
    Map<String, String> accented = Map.of("greeting", "grüße, café\n".repeat(60));
    assertThat(DeflatedValues.of(accented)).isNotNull().isEqualTo(accented);
  }

  @Test
  void onlyTheValuesThatCompressAreCompressedAndTheOthersAreKeptAsTheyAre() {
    byte[] bytes = new byte[3000];
    new Random(11).nextBytes(bytes);
    String base64 = java.util.Base64.getEncoder().encodeToString(bytes);
    String config = "server.port=8080\nserver.host=example\n".repeat(40);
    Map<String, String> original = new LinkedHashMap<>();
    original.put("key.b64", base64);
    original.put("application.properties", config);
    original.put("short", "x");

    DeflatedValues mixed = DeflatedValues.of(original);

    assertThat(mixed).isNotNull().isEqualTo(original);
    assertThat(mixed.get("key.b64")).isSameAs(base64);
    assertThat(mixed.get("application.properties")).isEqualTo(config).isNotSameAs(config);
    assertThat(mixed.get("short")).isSameAs(original.get("short"));
    assertThat(DeflatedValues.of(Map.of("key.b64", base64, "other.b64", base64.substring(7)))).as("only base64").isNull();
  }
}
