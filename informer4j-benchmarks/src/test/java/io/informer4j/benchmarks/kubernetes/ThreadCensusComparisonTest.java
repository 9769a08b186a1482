package io.informer4j.benchmarks.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.benchmarks.testing.PrintedOutput;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThreadCensusComparisonTest {

  @Test
  void everyCaseSyncsInItsOwnJvmAndGetsARowAndTheManagersThreadNamesReadAsOneWord() throws Exception {
    String printed = PrintedOutput.of(() -> ThreadCensusComparison.main(new String[] {"100"}));

    List<String> rows = printed.lines().filter(line -> line.matches("\\| [a-z0-9-]+ \\| \\d+ \\|.*")).toList();
    assertThat(rows).hasSize(ThreadCensusComparison.CASES.size());
    for (String census : ThreadCensusComparison.CASES) {
      String[] parts = census.split(":");
      assertThat(rows).anyMatch(row -> row.matches("\\| " + parts[0] + " \\| " + parts[1] + "( \\| \\d+ / \\d+){4} \\|"));
    }
    assertThat(rows.stream().filter(row -> row.startsWith("| informer4j-")))
        .hasSize(4)
        .allSatisfy(row -> assertThat(row).endsWith("| 0 / 0 |"));
  }
}
