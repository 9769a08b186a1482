package io.informer4j.cli.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.informer.ListProgress;
import java.time.Instant;
import java.util.List;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;
import org.junit.jupiter.api.Test;

class DashboardTest {

  private static final DashboardRow PODS = new DashboardRow("Pod", "tier 2 (allowed: [team-*])", "WATCHING", true, 12_345,
      1234.4, 4.5, 3, 12.25, 0, 0, "");
  private static final DashboardRow WIDGETS = new DashboardRow("Widget", "all namespaces", "MISSING", false, 0, 0, 0, 0, 0, 0, 2,
      "type missing: waiting for it to be installed");

  private static List<String> plain(List<AttributedString> lines) {
    return lines.stream().map(AttributedString::toString).toList();
  }

  private static String titles(int width) {
    return plain(Dashboard.table(List.of(PODS, WIDGETS), width)).get(0);
  }

  @Test
  void atTwoHundredColumnsEveryColumnAndTheWholeNoteAreShownAligned() {
    List<String> table = plain(Dashboard.table(List.of(PODS, WIDGETS), 200));

    assertThat(table).hasSize(3).allMatch(line -> line.length() <= 200);
    assertThat(table.get(0)).isEqualTo("INFORMER  NAMESPACES                  STATE     SYNCED   CACHE  EVENTS/S  DROPPED/S"
        + "  QUEUE  RECONCILES/S  STUCK  ERRORS");
    assertThat(table.get(1)).isEqualTo("Pod       tier 2 (allowed: [team-*])  WATCHING  yes     12,345     1,234        4.5"
        + "      3          12.3      0       0");
    assertThat(table.get(2)).isEqualTo("Widget    all namespaces              MISSING   no           0       0.0        0.0"
        + "      0           0.0      0       2  type missing: waiting for it to be installed");
  }

  @Test
  void atOneHundredColumnsTheLeastImportantColumnsGoAndNoRowWraps() {
    List<String> table = plain(Dashboard.table(List.of(PODS, WIDGETS), 100));

    assertThat(table).allMatch(line -> line.length() <= 100);
    assertThat(table.get(0)).isEqualTo("INFORMER  STATE     SYNCED   CACHE  EVENTS/S  QUEUE  RECONCILES/S  STUCK  ERRORS");
    assertThat(table.get(2)).isEqualTo("Widget    MISSING   no           0       0.0      0           0.0      0       2"
        + "  type missing: wai…");
  }

  @Test
  void atEightyColumnsOnlyTheMostImportantColumnsRemain() {
    List<String> table = plain(Dashboard.table(List.of(PODS, WIDGETS), 80));

    assertThat(table).allMatch(line -> line.length() <= 80);
    assertThat(table.get(0)).isEqualTo("INFORMER  STATE     SYNCED   CACHE  EVENTS/S  QUEUE  RECONCILES/S  STUCK  ERRORS");
    assertThat(table.get(1)).startsWith("Pod       WATCHING  yes     12,345     1,234      3          12.3      0       0");
    assertThat(table.get(2)).as("no room left for the note").doesNotContain("type missing");
    assertThat(titles(40)).isEqualTo("INFORMER  STATE      CACHE  ERRORS");
    assertThat(titles(10)).as("name and state always, cut at the width").isEqualTo("INFORMER  ");
  }

  @Test
  void stuckReconcilesHaveTheirColumnAndGoBeforeErrorsAsTheTerminalNarrows() {
    DashboardRow hung = new DashboardRow("Pod", "all namespaces", "WATCHING", true, 3, 0, 0, 5, 0, 2, 0,
        "every worker stuck, not ready: shop/web, shop/db");

    List<String> table = plain(Dashboard.table(List.of(hung), 200));

    assertThat(table.get(0)).endsWith("RECONCILES/S  STUCK  ERRORS");
    assertThat(table.get(1)).endsWith("0.0      2       0  every worker stuck, not ready: shop/web, shop/db");
    assertThat(titles(41)).isEqualTo("INFORMER  STATE      CACHE  STUCK  ERRORS");
    assertThat(titles(40)).isEqualTo("INFORMER  STATE      CACHE  ERRORS");
  }

  @Test
  void frameRedrawsInPlaceAndCutsEveryLineAtTheWidth() {
    String frame = Dashboard.frame(80, List.of("informer4j demo", "x".repeat(120)), List.of(PODS), List.of("recent:"));

    assertThat(frame).startsWith("\u001b[Hinformer4j demo\u001b[K\n" + "x".repeat(80) + "\u001b[K\n\u001b[K\n")
        .endsWith("recent:\u001b[K\n\u001b[J");
    assertThat(frame.split("\n")).allMatch(line -> AttributedString.fromAnsi(line).columnLength() <= 80);
    assertThat(AttributedString.fromAnsi(frame.split("\n")[3]).styleAt(0)).as("the column titles are bold")
        .isEqualTo(AttributedStyle.BOLD);
  }

  @Test
  void logLineHasEveryFigure() {
    assertThat(Dashboard.logLine("3s", WIDGETS)).isEqualTo("[3s] Widget state=MISSING synced=false cache=0 events/s=0.0"
        + " dropped/s=0.0 queue=0 reconciles/s=0.0 stuck=0 errors=2 (type missing: waiting for it to be installed)");
  }

  @Test
  void ratesComeFromTotalsBetweenReadings() {
    RateMeter meter = new RateMeter();

    assertThat(meter.rate("a", 100, 1_000_000_000L)).isZero();
    assertThat(meter.rate("a", 400, 3_000_000_000L)).isEqualTo(150.0);
    assertThat(meter.rate("a", 300, 4_000_000_000L)).as("a total that went down (a restart) is no negative rate").isZero();
    assertThat(meter.rate("b", 5, 4_000_000_000L)).isZero();
  }

  @Test
  void listProgressSaysHowManyAndHowFast() {
    Instant start = Instant.parse("2026-01-01T00:00:00Z");

    assertThat(ListProgressText.describe(new ListProgress(45_000, start), start.plusMillis(3_000)))
        .isEqualTo("listing: 45,000 objects in 3.0 s (15,000/s)");
    assertThat(ListProgressText.describe(new ListProgress(0, start), start)).isEqualTo("listing: 0 objects in 0.0 s");
  }

  @Test
  void activityKeepsTheLastEntriesAndPrintsEachOnce() {
    ActivityLog log = new ActivityLog(2);
    log.add("one");
    log.add("two");
    log.add("three");

    assertThat(log.recent()).containsExactly("two", "three");
    assertThat(log.drainUnprinted()).containsExactly("one", "two", "three");
    assertThat(log.drainUnprinted()).isEmpty();
  }
}
