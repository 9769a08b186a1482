package io.informer4j.cli.dashboard;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;

/**
 * Renders the live view for a terminal of a given width: a table with one row per informer under a
 * few header lines, either as a full-screen frame (redrawn in place with ANSI escapes, styled with
 * JLine) or as plain log lines.
 *
 * <p>No line is wider than the terminal, so none wraps: when the table is too wide, whole columns
 * are left out, the least important first (dropped events/s, namespaces, synced, reconciles/s,
 * events/s, queue, stuck reconciles, errors, cache), the note column takes what room is left (cut short with an
 * ellipsis, or left out), and any line still too long is cut at the width. The informer's name and
 * state are always shown. Pure text functions; thread-safe.
 */
public final class Dashboard {

  /** Clears the screen once, before the first frame. */
  public static final String CLEAR_SCREEN = "\u001b[2J";
  private static final String HOME = "\u001b[H";
  private static final String CLEAR_TO_END_OF_LINE = "\u001b[K";
  private static final String CLEAR_BELOW = "\u001b[J";

  private static final String GAP = "  ";
  /** A note is shown only with at least this many columns for it. */
  private static final int MIN_NOTE_WIDTH = 12;
  /** Columns of this priority or above are never left out. */
  private static final int ALWAYS_SHOWN = 9;

  private static final Column STATE = new Column("STATE", false, 9, DashboardRow::state);
  private static final List<Column> COLUMNS = List.of(
      new Column("INFORMER", false, 10, DashboardRow::name),
      new Column("NAMESPACES", false, 2, DashboardRow::setup),
      STATE,
      new Column("SYNCED", false, 3, row -> row.synced() ? "yes" : "no"),
      new Column("CACHE", true, 8, row -> count(row.cacheSize())),
      new Column("EVENTS/S", true, 5, row -> rate(row.eventsPerSecond())),
      new Column("DROPPED/S", true, 1, row -> rate(row.droppedPerSecond())),
      new Column("QUEUE", true, 6, row -> count(row.queueDepth())),
      new Column("RECONCILES/S", true, 4, row -> rate(row.reconcilesPerSecond())),
      new Column("STUCK", true, 7, row -> count(row.stuck())),
      new Column("ERRORS", true, 7, row -> count(row.errors())));

  private Dashboard() {
  }

  /**
   * Returns a terminal frame {@code width} columns wide: cursor home, the header lines, a blank line,
   * the table and the footer lines, each line clearing what an earlier, longer frame left, then
   * everything below cleared.
   */
  public static String frame(int width, List<String> header, List<DashboardRow> rows, List<String> footer) {
    List<AttributedString> lines = new ArrayList<>();
    header.forEach(line -> lines.add(new AttributedString(line)));
    lines.add(AttributedString.EMPTY);
    lines.addAll(table(rows, width));
    footer.forEach(line -> lines.add(new AttributedString(line)));
    StringBuilder out = new StringBuilder(HOME);
    for (AttributedString line : lines) {
      out.append(fit(line, width).toAnsi()).append(CLEAR_TO_END_OF_LINE).append('\n');
    }
    return out.append(CLEAR_BELOW).toString();
  }

  /** Returns the table for a terminal {@code width} columns wide: a header row and one aligned row per informer. */
  public static List<AttributedString> table(List<DashboardRow> rows, int width) {
    List<Column> shown = new ArrayList<>(COLUMNS);
    int[] widths = COLUMNS.stream().mapToInt(column -> column.width(rows)).toArray();
    while (used(shown, widths) > width) {
      Column leastImportant = shown.stream().filter(column -> column.priority() < ALWAYS_SHOWN)
          .min(Comparator.comparingInt(Column::priority)).orElse(null);
      if (leastImportant == null) {
        break;
      }
      shown.remove(leastImportant);
    }
    int noteWidth = width - used(shown, widths) - GAP.length();
    boolean notes = noteWidth >= MIN_NOTE_WIDTH && rows.stream().anyMatch(row -> !row.note().isEmpty());

    List<AttributedString> out = new ArrayList<>();
    AttributedStringBuilder title = new AttributedStringBuilder().style(AttributedStyle.BOLD);
    appendCells(title, shown, widths, Column::title, false);
    out.add(fit(title.toAttributedString(), width));
    for (DashboardRow row : rows) {
      AttributedStringBuilder line = new AttributedStringBuilder();
      appendCells(line, shown, widths, column -> column.value().apply(row), true);
      if (notes && !row.note().isEmpty()) {
        line.append(GAP).append(shorten(row.note(), noteWidth), AttributedStyle.DEFAULT.faint());
      }
      out.add(fit(line.toAttributedString(), width));
    }
    return out;
  }

  /** Appends the cells of one row in the builder's current style; {@code colourState} colours the state. */
  private static void appendCells(AttributedStringBuilder line, List<Column> shown, int[] widths,
                                  Function<Column, String> text, boolean colourState) {
    for (int i = 0; i < shown.size(); i++) {
      Column column = shown.get(i);
      String cell = text.apply(column);
      String padding = " ".repeat(widths[COLUMNS.indexOf(column)] - cell.length());
      line.append(i == 0 ? "" : GAP);
      if (column.rightAligned()) {
        line.append(padding);
      }
      if (colourState && column == STATE) {
        line.append(cell, stateStyle(cell));
      } else {
        line.append(cell);
      }
      if (!column.rightAligned() && i < shown.size() - 1) {
        line.append(padding);
      }
    }
  }

  private static AttributedStyle stateStyle(String state) {
    return switch (state) {
      case "WATCHING" -> AttributedStyle.DEFAULT.foreground(AttributedStyle.GREEN);
      case "FAILED" -> AttributedStyle.DEFAULT.foreground(AttributedStyle.RED).bold();
      default -> AttributedStyle.DEFAULT.foreground(AttributedStyle.YELLOW);
    };
  }

  private static int used(List<Column> shown, int[] widths) {
    return shown.stream().mapToInt(column -> widths[COLUMNS.indexOf(column)]).sum()
        + GAP.length() * Math.max(0, shown.size() - 1);
  }

  private static String shorten(String text, int width) {
    return text.length() <= width ? text : text.substring(0, width - 1) + "…";
  }

  private static AttributedString fit(AttributedString line, int width) {
    return line.columnLength() <= width ? line : line.columnSubSequence(0, width);
  }

  /** Returns one plain log line for a row, for {@code --no-dashboard}. */
  public static String logLine(String elapsed, DashboardRow row) {
    return String.format(Locale.ROOT,
        "[%s] %s state=%s synced=%s cache=%d events/s=%s dropped/s=%s queue=%d reconciles/s=%s stuck=%d errors=%d%s",
        elapsed, row.name(), row.state(), row.synced(), row.cacheSize(), rate(row.eventsPerSecond()),
        rate(row.droppedPerSecond()), row.queueDepth(), rate(row.reconcilesPerSecond()), row.stuck(), row.errors(),
        row.note().isEmpty() ? "" : " (" + row.note() + ")");
  }

  /** Formats a count with thousands separators ({@code 12,345}). */
  public static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  /** Formats a rate with one decimal under 100 and none above. */
  public static String rate(double perSecond) {
    return perSecond < 100 ? String.format(Locale.ROOT, "%.1f", perSecond) : String.format(Locale.ROOT, "%,.0f", perSecond);
  }

  /**
   * A table column.
   *
   * @param priority how long it stays as the terminal narrows: lower is left out first
   */
  private record Column(String title, boolean rightAligned, int priority, Function<DashboardRow, String> value) {

    int width(List<DashboardRow> rows) {
      return Math.max(title.length(), rows.stream().mapToInt(row -> value.apply(row).length()).max().orElse(0));
    }
  }
}
