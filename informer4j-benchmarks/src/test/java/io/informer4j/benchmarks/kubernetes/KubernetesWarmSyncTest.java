package io.informer4j.benchmarks.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class KubernetesWarmSyncTest {

  @Test
  void everyClientSyncsEveryRoundAndGetsAMedian() throws Exception {
    PrintStream before = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      KubernetesWarmSync.main(new String[] {"200", "3", "informer4j-list", "fabric8"});
    } finally {
      System.setOut(before);
    }

    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(printed.lines().filter(line -> line.startsWith("round "))).hasSize(6);
    assertThat(printed).containsPattern("MEDIAN informer4j-list \\(rounds 2–2\\): \\d+ ms")
        .containsPattern("MEDIAN fabric8 \\(rounds 2–2\\): \\d+ ms");
  }
}
