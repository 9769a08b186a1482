package io.informer4j.cli.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of a run: per type, events, reconciles, relists, queue depths and errors, and the total
 * of items from disallowed namespaces that reached a queue (0 when the namespace set-ups hold).
 *
 * @param title         what ran ({@code demo}, {@code watch})
 * @param ran           how long it ran
 * @param types         one summary per type, in dashboard order
 * @param plannedFaults the faults the run injected on purpose ({@link PlannedFaults#describe()}), or null for none
 * @param signal        the number of the signal that stopped the run (2 for Ctrl-C, 15 for SIGTERM), 0 for none
 * @param stopped       whether every component stopped within its timeout
 */
public record SessionSummary(String title, Duration ran, List<TypeSummary> types, String plannedFaults, int signal,
                             boolean stopped) {

  /** Copies the list. */
  public SessionSummary {
    types = List.copyOf(types);
  }

  /** Returns the items from disallowed namespaces that reached a queue, over all types. */
  public long disallowed() {
    return types.stream().mapToLong(TypeSummary::disallowed).sum();
  }

  /**
   * Returns the program's exit code for this run: 0 when it stopped cleanly, at the end of its
   * duration or on a signal; 128 + the signal's number (130 for Ctrl-C) when a signal stopped it and
   * some components did not stop in time, as a shell reports a program a signal ended.
   */
  public int exitCode() {
    return signal != 0 && !stopped ? 128 + signal : 0;
  }

  /** Returns the errors over all types ({@link TypeSummary#errors()}). */
  public long errors() {
    return types.stream().mapToLong(TypeSummary::errors).sum();
  }

  /** Returns the summary as printed at the end of a run. */
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    lines.add(String.format(Locale.ROOT, "informer4j %s summary: ran %.1f s, %s", title, ran.toMillis() / 1000.0,
        stopped ? "stopped cleanly" : "some components did not stop in time"));
    types.forEach(type -> lines.add("  " + type.line()));
    lines.add(String.format(Locale.ROOT,
        "  totals: events=%d dropped-by-filter=%d reconciles=%d relists=%d max-queue-depth=%d errors=%d",
        types.stream().mapToLong(TypeSummary::events).sum(),
        types.stream().mapToLong(TypeSummary::droppedByFilter).sum(),
        types.stream().mapToLong(TypeSummary::reconciles).sum(),
        types.stream().mapToLong(TypeSummary::relists).sum(),
        types.stream().mapToInt(TypeSummary::maxQueueDepth).max().orElse(0),
        errors()));
    if (plannedFaults != null) {
      lines.add(String.format(Locale.ROOT, "  planned faults: %s; the informers' %d list/watch failures were their"
          + " effects, not errors", plannedFaults, types.stream().mapToLong(TypeSummary::listWatchFailures).sum()));
    }
    lines.add("  events from disallowed namespaces that reached a queue: " + disallowed());
    return lines;
  }
}
