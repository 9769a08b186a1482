package io.informer4j.kubernetes.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Compressed text values read back exactly: for random maps of any text (any Unicode, repetitive or
 * not), the compressed map, when made, equals the original both ways, in order, with its hash code and
 * every lookup, and refuses changes; maps too small or too random to pay are not compressed.
 */
class DeflatedValuesProperties {

  @Provide
  Arbitrary<Map<String, String>> texts() {
    Arbitrary<String> keys = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(12);
    Arbitrary<String> repetitive = Arbitraries.strings().ofMaxLength(20).flatMap(
        unit -> Arbitraries.integers().between(0, 80).map(unit::repeat));
    Arbitrary<String> values = Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(300), repetitive);
    return Arbitraries.maps(keys, values).ofMaxSize(12).map(LinkedHashMap::new);
  }

  @Property(tries = 500)
  void whatIsCompressedReadsBackWhole(@ForAll("texts") Map<String, String> original, @ForAll String absent) {
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
  }
}
