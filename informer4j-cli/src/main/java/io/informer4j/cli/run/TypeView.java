package io.informer4j.cli.run;

import io.informer4j.cli.dashboard.DashboardRow;
import io.informer4j.cli.dashboard.RateMeter;
import java.time.Duration;
import java.util.Locale;

/**
 * The running view of one watched type: turns its {@link TypeSnapshot} into a dashboard row at each
 * refresh, notices a missing type becoming active, and sums the run up at the end. The summary's
 * deepest queue is the largest QUEUE value the refreshes showed, so the two always agree. Not
 * thread-safe: the refresh loop owns it (the reconcile counters it reads are thread-safe).
 */
final class TypeView {

  private final WatchedType watched;
  private final String controller;
  private final boolean faultsPlanned;
  private final ReconcileStats stats = new ReconcileStats();
  private Boolean missingAtStart;
  private Duration activatedAfter;
  private TypeSnapshot last;
  private boolean justActivated;
  private int maxQueueDepth;

  /**
   * @param watched       the type
   * @param controller    the name of its controller
   * @param faultsPlanned whether its list/watch failures are the effects of faults the run injects on
   *                      purpose (then they are not counted as errors)
   */
  TypeView(WatchedType watched, String controller, boolean faultsPlanned) {
    this.watched = watched;
    this.controller = controller;
    this.faultsPlanned = faultsPlanned;
  }

  WatchedType watched() {
    return watched;
  }

  String controller() {
    return controller;
  }

  ReconcileStats stats() {
    return stats;
  }

  /**
   * Takes the latest snapshot and returns the row to show.
   *
   * @param note     extra text from the informer (for example list progress); empty for none
   * @param elapsed  time since the run started
   * @return the row; {@link #justActivated()} tells whether this refresh saw the type appear
   */
  DashboardRow refresh(TypeSnapshot snapshot, String note, RateMeter rates, long nanoTime, Duration elapsed) {
    take(snapshot, elapsed);
    maxQueueDepth = Math.max(maxQueueDepth, snapshot.queueDepth());
    return new DashboardRow(watched.name(), watched.setup(), snapshot.state(), snapshot.synced(), snapshot.cacheSize(),
        rates.rate(watched.name() + "/events", snapshot.events(), nanoTime),
        rates.rate(watched.name() + "/dropped", snapshot.dropped(), nanoTime), snapshot.queueDepth(),
        rates.rate(watched.name() + "/reconciles", stats.reconciles(), nanoTime), snapshot.stuck().size(), errors(),
        note(snapshot, note));
  }

  /**
   * Takes the last snapshot, after the run stopped, for the summary's totals; its queue depth was
   * never shown, so it does not count towards the deepest queue.
   */
  void settle(TypeSnapshot snapshot, Duration elapsed) {
    take(snapshot, elapsed);
  }

  private void take(TypeSnapshot snapshot, Duration elapsed) {
    boolean wasMissing = last == null ? snapshot.missing() : last.missing();
    if (missingAtStart == null) {
      missingAtStart = snapshot.missing();
    }
    justActivated = missingAtStart && wasMissing && !snapshot.missing() && activatedAfter == null;
    if (justActivated) {
      activatedAfter = elapsed;
    }
    last = snapshot;
  }

  /** Returns true when the last refresh saw this type, missing at start, become active. */
  boolean justActivated() {
    return justActivated;
  }

  /** Returns the row's note: stuck reconciles first, then the informer's note and the type's activation. */
  private String note(TypeSnapshot snapshot, String informerNote) {
    if (snapshot.stuck().isEmpty()) {
      return informerNote(snapshot, informerNote);
    }
    String stuck = (snapshot.allStuck() ? "every worker stuck, not ready: " : "stuck: ")
        + String.join(", ", snapshot.stuck());
    String rest = informerNote(snapshot, informerNote);
    return rest.isEmpty() ? stuck : stuck + "; " + rest;
  }

  private String informerNote(TypeSnapshot snapshot, String informerNote) {
    if (snapshot.missing()) {
      return "type missing: waiting for it to be installed";
    }
    String activation = activatedAfter == null ? ""
        : String.format(Locale.ROOT, "was missing, active after %.1f s", activatedAfter.toMillis() / 1000.0);
    if (informerNote.isEmpty()) {
      return activation;
    }
    return activation.isEmpty() ? informerNote : informerNote + "; " + activation;
  }

  private long errors() {
    return TypeSummary.errors(last.informerErrors(), faultsPlanned, stats.failures(), last.malformed());
  }

  /** Returns the run's summary of this type (from the last snapshot and the reconcile counters). */
  TypeSummary summary() {
    TypeSnapshot s = last;
    return new TypeSummary(watched.name(), watched.setup(), s == null ? 0 : s.events(), s == null ? 0 : s.enqueued(),
        s == null ? 0 : s.dropped(), stats.reconciles(), s == null ? 0 : s.relists(), maxQueueDepth,
        s == null ? 0 : s.informerErrors(), faultsPlanned, stats.failures(), s == null ? 0 : s.malformed(),
        s == null ? 0 : s.disallowed(), Boolean.TRUE.equals(missingAtStart), activatedAfter);
  }
}
