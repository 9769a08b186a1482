package io.informer4j.benchmarks.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.testkit.SimObject;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class ConfigMapDataSetTest {

  private static final int OBJECTS = 2_000;

  @Test
  void clusterShapedObjectsVaryInSizeFromHalfAKilobyteToEightAndMostAreSmall() {
    int[] sizes = IntStream.range(0, OBJECTS).map(i -> dataChars(ConfigMapDataSet.CLUSTER.configMap(i, 0))).sorted().toArray();

    assertThat(sizes[0]).isGreaterThanOrEqualTo(500);
    assertThat(sizes[sizes.length - 1]).isBetween(7_000, 12_000);
    assertThat(sizes[sizes.length / 2]).as("median").isBetween(1_200, 3_500);
  }

  @Test
  void clusterShapedDataCompressesPoorlyWhereTheRepeatingSetCompressesWell() {
    assertThat(compressionRatio(ConfigMapDataSet.CLUSTER)).isGreaterThan(0.55);
    assertThat(compressionRatio(ConfigMapDataSet.REPEATING)).isLessThan(0.25);
  }

  @Test
  void everyObjectHasItsOwnNameAndLabelValues() {
    Set<String> keys = new HashSet<>();
    Set<String> hashes = new HashSet<>();
    for (int i = 0; i < OBJECTS; i++) {
      SimObject object = ConfigMapDataSet.CLUSTER.configMap(i, 0);
      keys.add(object.namespace() + "/" + object.name());
      hashes.add(object.labels().get("pod-template-hash") + object.annotations().get("checksum/config"));
    }
    assertThat(keys.size()).as("distinct names").isEqualTo(OBJECTS);
    assertThat(hashes.size()).as("distinct label and annotation values").isEqualTo(OBJECTS);
  }

  @Test
  void anUpdateChangesTheRevisionAndKeepsEveryOtherValue() {
    for (int i = 0; i < 50; i++) {
      Map<String, Object> first = new LinkedHashMap<>(data(ConfigMapDataSet.CLUSTER.configMap(i, 0)));
      Map<String, Object> later = new LinkedHashMap<>(data(ConfigMapDataSet.CLUSTER.configMap(i, 7)));

      assertThat(later.remove("revision")).isNotEqualTo(first.remove("revision"));
      assertThat(later).isEqualTo(first);
      assertThat(ConfigMapDataSet.CLUSTER.configMap(i, 7).name()).isEqualTo(ConfigMapDataSet.CLUSTER.configMap(i, 0).name());
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> data(SimObject object) {
    return (Map<String, Object>) object.content().get("data");
  }

  private static int dataChars(SimObject object) {
    return data(object).entrySet().stream().mapToInt(e -> e.getKey().length() + e.getValue().toString().length()).sum();
  }

  /** Compressed size over raw size of each object's data values, compressed object by object. */
  private static double compressionRatio(ConfigMapDataSet dataSet) {
    long raw = 0;
    long compressed = 0;
    Deflater deflater = new Deflater(Deflater.BEST_SPEED, true);
    byte[] out = new byte[64 * 1024];
    for (int i = 0; i < OBJECTS; i++) {
      StringBuilder values = new StringBuilder();
      data(dataSet.configMap(i, 0)).values().forEach(values::append);
      byte[] text = values.toString().getBytes(StandardCharsets.UTF_8);
      deflater.reset();
      deflater.setInput(text);
      deflater.finish();
      int length = 0;
      while (!deflater.finished()) {
        length += deflater.deflate(out);
      }
      raw += text.length;
      compressed += length;
    }
    deflater.end();
    return (double) compressed / raw;
  }
}
