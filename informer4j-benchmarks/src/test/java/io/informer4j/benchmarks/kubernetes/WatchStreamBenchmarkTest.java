package io.informer4j.benchmarks.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WatchStreamBenchmarkTest {

  @ParameterizedTest
  @CsvSource({"inPlace, 8192", "inPlace, 65536", "framed, 8192", "inPlace, 100", "framed, 100"})
  void eachReaderDeliversEveryEventOfTheStream(String reader, int chunk) {
    WatchStreamBenchmark benchmark = new WatchStreamBenchmark();
    benchmark.reader = reader;
    benchmark.chunk = chunk;
    benchmark.setUp();

    assertThat(benchmark.read()).isEqualTo(2_000);
  }
}
