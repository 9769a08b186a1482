package io.informer4j.benchmarks.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ListDecodeBenchmarkTest {

  @ParameterizedTest
  @ValueSource(strings = {"informer4j", "fabric8"})
  void eachDecoderReadsEveryItemOfTheList(String decoder) {
    ListDecodeBenchmark benchmark = new ListDecodeBenchmark();
    benchmark.decoder = decoder;
    benchmark.setUp();

    assertThat(benchmark.decode()).isEqualTo(10_000);
  }
}
