package io.informer4j.cli.dashboard;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Renders the live view: a table with one row per informer under a few header lines, either as a
 * full-screen frame for a terminal (redrawn in place with ANSI escapes) or as plain log lines. Pure
 * text functions; thread-safe.
 */
public final class Dashboard {

  /** Clears the screen once, before the first frame. */
  public static final String CLEAR_SCREEN = "\u001b[2J";
  private static final String HOME = "\u001b[H";
  private static final String CLEAR_TO_END_OF_LINE = "\u001b[K";
  private static final String CLEAR_BELOW = "\u001b[J";

  private static final List<Column> COLUMNS = List.of(
      new Column("INFORMER", false, DashboardRow::name),
      new Column("NAMESPACES", false, DashboardRow::setup),
      new Column("STATE", false, DashboardRow::state),
      new Column("SYNCED", false, row -> row.synced() ? "yes" : "no"),
      new Column("CACHE", true, row -> count(row.cacheSize())),
      new Column("EVENTS/S", true, row -> rate(row.eventsPerSecond())),
      new Column("DROPPED", true, row -> count(row.droppedByFilter())),
      new Column("QUEUE", true, row -> count(row.queueDepth())),
      new Column("RECONCILES/S", true, row -> rate(row.reconcilesPerSecond())),
      new Column("ERRORS", true, row -> count(row.errors())),
      new Column("", false, DashboardRow::note));

  private Dashboard() {
  }

  /**
   * Returns a terminal frame: cursor home, the header lines, a blank line, the table and the footer
   * lines, each line clearing what an earlier, longer frame left, then everything below cleared.
   */
  public static String frame(List<String> header, List<DashboardRow> rows, List<String> footer) {
    StringBuilder out = new StringBuilder(HOME);
    List<String> lines = new ArrayList<>(header);
    lines.add("");
    lines.addAll(table(rows));
    lines.addAll(footer);
    for (String line : lines) {
      out.append(line).append(CLEAR_TO_END_OF_LINE).append('\n');
    }
    return out.append(CLEAR_BELOW).toString();
  }

  /** Returns the table: a header row and one aligned row per informer. */
  public static List<String> table(List<DashboardRow> rows) {
    List<String[]> cells = new ArrayList<>();
    cells.add(COLUMNS.stream().map(Column::title).toArray(String[]::new));
    for (DashboardRow row : rows) {
      cells.add(COLUMNS.stream().map(column -> column.value().apply(row)).toArray(String[]::new));
    }
    int[] widths = new int[COLUMNS.size()];
    for (String[] line : cells) {
      for (int i = 0; i < line.length; i++) {
        widths[i] = Math.max(widths[i], line[i].length());
      }
    }
    List<String> out = new ArrayList<>();
    for (String[] line : cells) {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < line.length; i++) {
        String cell = COLUMNS.get(i).rightAligned() ? pad(line[i], widths[i], true) : pad(line[i], widths[i], false);
        text.append(i == 0 ? "" : "  ").append(cell);
      }
      out.add(text.toString().stripTrailing());
    }
    return out;
  }

  /** Returns one plain log line for a row, for {@code --no-dashboard}. */
  public static String logLine(String elapsed, DashboardRow row) {
    return String.format(Locale.ROOT,
        "[%s] %s state=%s synced=%s cache=%d events/s=%s dropped=%d queue=%d reconciles/s=%s errors=%d%s",
        elapsed, row.name(), row.state(), row.synced(), row.cacheSize(), rate(row.eventsPerSecond()), row.droppedByFilter(),
        row.queueDepth(), rate(row.reconcilesPerSecond()), row.errors(), row.note().isEmpty() ? "" : " (" + row.note() + ")");
  }

  /** Formats a count with thousands separators ({@code 12,345}). */
  public static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  /** Formats a rate with one decimal under 100 and none above. */
  public static String rate(double perSecond) {
    return perSecond < 100 ? String.format(Locale.ROOT, "%.1f", perSecond) : String.format(Locale.ROOT, "%,.0f", perSecond);
  }

  private static String pad(String text, int width, boolean right) {
    String padding = " ".repeat(width - text.length());
    return right ? padding + text : text + padding;
  }

  private record Column(String title, boolean rightAligned, Function<DashboardRow, String> value) {
  }
}
