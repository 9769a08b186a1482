package io.informer4j.benchmarks.informer;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.benchmarks.testing.PrintedOutput;
import org.junit.jupiter.api.Test;

class WatchListIngestTest {

  @Test
  void bothModesSyncEveryRoundAndGetAMedian() throws Exception {
    String printed = PrintedOutput.of(() -> WatchListIngest.main(new String[] {"300", "3"}));

    assertThat(printed.lines().filter(line -> line.startsWith("round "))).hasSize(6);
    assertThat(printed).containsPattern("MEDIAN list \\(rounds 2–2\\): \\d+ ms")
        .containsPattern("MEDIAN watch-list \\(rounds 2–2\\): \\d+ ms");
  }
}
