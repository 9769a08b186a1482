package io.informer4j.benchmarks.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ListDecodeBenchmarkTest {

  @ParameterizedTest
  @CsvSource({"informer4j, none", "fabric8, none", "informer4j, compact", "fabric8, compact"})
  void eachDecoderReadsEveryItemOfTheList(String decoder, String transform) {
    ListDecodeBenchmark benchmark = new ListDecodeBenchmark();
    benchmark.decoder = decoder;
    benchmark.transform = transform;
    benchmark.setUp();

    assertThat(benchmark.decode()).isEqualTo(10_000);
  }
}
