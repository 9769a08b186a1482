package io.informer4j.cli;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the counters of one type's summary line ({@code Name [setup] events=… reconciles=… …}). */
record SummaryLine(String name, long events, long reconciles, long relists, int maxQueueDepth, long errors,
                   long disallowed, String rest) {

  private static final Pattern LINE = Pattern.compile(
      "^\\s+(\\S+) \\[.*] events=(\\d+) enqueued=\\d+ dropped-by-filter=\\d+ reconciles=(\\d+) relists=(\\d+)"
          + " max-queue-depth=(\\d+) errors=(\\d+) disallowed-in-queue=(\\d+)(.*)$");

  /** Returns the summary line of {@code name} in {@code lines}, if there is one. */
  static Optional<SummaryLine> of(List<String> lines, String name) {
    for (String line : lines) {
      Matcher m = LINE.matcher(line);
      if (m.matches() && m.group(1).equals(name)) {
        return Optional.of(new SummaryLine(name, Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
            Long.parseLong(m.group(4)), Integer.parseInt(m.group(5)), Long.parseLong(m.group(6)),
            Long.parseLong(m.group(7)), m.group(8)));
      }
    }
    return Optional.empty();
  }
}
