package io.informer4j.benchmarks.informer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class WatchListIngestTest {

  @Test
  void bothModesSyncEveryRoundAndGetAMedian() throws Exception {
    PrintStream before = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      WatchListIngest.main(new String[] {"300", "3"});
    } finally {
      System.setOut(before);
    }

    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(printed.lines().filter(line -> line.startsWith("round "))).hasSize(6);
    assertThat(printed).containsPattern("MEDIAN list \\(rounds 2–2\\): \\d+ ms")
        .containsPattern("MEDIAN watch-list \\(rounds 2–2\\): \\d+ ms");
  }
}
