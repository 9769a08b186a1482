package io.informer4j.benchmarks.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.benchmarks.testing.PrintedOutput;
import org.junit.jupiter.api.Test;

class KubernetesWarmSyncTest {

  @Test
  void everyClientSyncsEveryRoundAndGetsAMedian() throws Exception {
    String printed = PrintedOutput.of(() -> KubernetesWarmSync.main(new String[] {"200", "3", "informer4j-list", "fabric8"}));

    assertThat(printed.lines().filter(line -> line.startsWith("round "))).hasSize(6);
    assertThat(printed).containsPattern("MEDIAN informer4j-list \\(rounds 2–2\\): \\d+ ms")
        .containsPattern("MEDIAN fabric8 \\(rounds 2–2\\): \\d+ ms");
  }
}
