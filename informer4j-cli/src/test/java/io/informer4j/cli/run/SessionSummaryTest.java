package io.informer4j.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SessionSummaryTest {

  private static TypeSummary type(String name, long listWatchFailures, boolean planned, long malformed) {
    return new TypeSummary(name, "all namespaces", 100, 90, 10, 90, 1, 7, listWatchFailures, planned, 0, malformed, 0,
        false, null);
  }

  @Test
  void aDemoWhoseOnlyFailuresAreItsPlannedFaultsEndsWithoutErrorsAndSaysSo() {
    SessionSummary summary = new SessionSummary("demo", Duration.ofSeconds(40),
        List.of(type("Pod", 1, true, 0), type("Secret", 3, true, 0)), "7 (3 watch closes, …)", true);

    assertThat(summary.errors()).isZero();
    assertThat(summary.lines()).contains(
        "  totals: events=200 dropped-by-filter=20 reconciles=180 relists=2 max-queue-depth=7 errors=0",
        "  planned faults: 7 (3 watch closes, …); the informers' 4 list/watch failures were their effects, not errors");
  }

  @Test
  void aWatchCountsListWatchFailuresAndUnreadableObjectsAsErrorsAndHasNoFaultsLine() {
    SessionSummary summary = new SessionSummary("watch", Duration.ofSeconds(5), List.of(type("Key", 2, false, 1)),
        null, true);

    assertThat(summary.errors()).isEqualTo(3);
    assertThat(summary.lines()).noneMatch(line -> line.contains("planned faults"))
        .anyMatch(line -> line.endsWith(" errors=3"));
  }
}
