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
        List.of(type("Pod", 1, true, 0), type("Secret", 3, true, 0)), "7 (3 watch closes, …)", 0, true);

    assertThat(summary.errors()).isZero();
    assertThat(summary.lines()).contains(
        "  totals: events=200 dropped-by-filter=20 reconciles=180 relists=2 max-queue-depth=7 errors=0",
        "  planned faults: 7 (3 watch closes, …); the informers' 4 list/watch failures were their effects, not errors");
  }

  @Test
  void aRunStoppedCleanlyExitsZeroEvenOnCtrlCAndOneThatDidNotStopInTimeAfterASignalExits128PlusIt() {
    assertThat(summary(0, true).exitCode()).as("end of the duration").isZero();
    assertThat(summary(2, true).exitCode()).as("Ctrl-C, clean stop").isZero();
    assertThat(summary(15, true).exitCode()).as("SIGTERM, clean stop").isZero();
    assertThat(summary(2, false).exitCode()).as("Ctrl-C, components left running").isEqualTo(130);
    assertThat(summary(15, false).exitCode()).as("SIGTERM, components left running").isEqualTo(143);
  }

  private static SessionSummary summary(int signal, boolean stopped) {
    return new SessionSummary("watch", Duration.ofSeconds(5), List.of(), null, signal, stopped);
  }

  @Test
  void aWatchCountsListWatchFailuresAndUnreadableObjectsAsErrorsAndHasNoFaultsLine() {
    SessionSummary summary = new SessionSummary("watch", Duration.ofSeconds(5), List.of(type("Key", 2, false, 1)),
        null, 0, true);

    assertThat(summary.errors()).isEqualTo(3);
    assertThat(summary.lines()).noneMatch(line -> line.contains("planned faults"))
        .anyMatch(line -> line.endsWith(" errors=3"));
  }
}
