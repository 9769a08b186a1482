package io.informer4j.benchmarks.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ListDecodeBenchmarkTest {

  @ParameterizedTest
  @CsvSource({"informer4j, none, typed", "fabric8, none, typed", "informer4j, compact, typed",
      "fabric8, compact, typed", "informer4j, none, generic", "fabric8, none, generic"})
  void eachDecoderReadsEveryItemOfTheList(String decoder, String transform, String model) {
    ListDecodeBenchmark benchmark = new ListDecodeBenchmark();
    benchmark.decoder = decoder;
    benchmark.transform = transform;
    benchmark.model = model;
    benchmark.setUp();

    assertThat(benchmark.decode()).isEqualTo(10_000);
  }
}
