package io.informer4j.cli.run;

import io.informer4j.cli.dashboard.DashboardRow;
import io.informer4j.cli.dashboard.RateMeter;
import io.informer4j.factory.InformerEntryStatus;
import io.informer4j.informer.InformerStatus;
import java.time.Duration;
import java.util.Locale;

/**
 * The running view of one watched type: turns the factory's and the informer's status into a
 * dashboard row at each refresh, notices a missing type becoming active, and sums the run up at the
 * end. Not thread-safe: the refresh loop owns it (the reconcile counters it reads are thread-safe).
 */
final class TypeView {

  private final WatchedType watched;
  private final ReconcileStats stats = new ReconcileStats();
  private Boolean missingAtStart;
  private Duration activatedAfter;
  private InformerEntryStatus lastEntry;
  private InformerStatus lastInformer;
  private boolean justActivated;

  TypeView(WatchedType watched) {
    this.watched = watched;
  }

  WatchedType watched() {
    return watched;
  }

  ReconcileStats stats() {
    return stats;
  }

  /**
   * Takes the latest statuses and returns the row to show.
   *
   * @param note     extra text from the informer (for example list progress); empty for none
   * @param elapsed  time since the run started
   * @return the row; {@link #justActivated()} tells whether this refresh saw the type appear
   */
  DashboardRow refresh(InformerEntryStatus entry, InformerStatus informer, String note, RateMeter rates, long nanoTime,
                       Duration elapsed) {
    boolean wasMissing = lastEntry == null ? entry.missing() : lastEntry.missing();
    if (missingAtStart == null) {
      missingAtStart = entry.missing();
    }
    justActivated = missingAtStart && wasMissing && !entry.missing() && activatedAfter == null;
    if (justActivated) {
      activatedAfter = elapsed;
    }
    lastEntry = entry;
    lastInformer = informer;
    stats.observeQueueDepth(entry.queueDepth());
    return new DashboardRow(watched.name(), watched.setup(), entry.missing() ? "MISSING" : entry.state().name(),
        entry.synced(), entry.cacheSize(), rates.rate(watched.name() + "/events", entry.eventsReceived(), nanoTime),
        droppedTotal(entry), entry.queueDepth(), rates.rate(watched.name() + "/reconciles", stats.reconciles(), nanoTime),
        errors(), note(entry, note));
  }

  /** Returns true when the last refresh saw this type, missing at start, become active. */
  boolean justActivated() {
    return justActivated;
  }

  private String note(InformerEntryStatus entry, String informerNote) {
    if (entry.missing()) {
      return "type missing: waiting for it to be installed";
    }
    String activation = activatedAfter == null ? ""
        : String.format(Locale.ROOT, "was missing, active after %.1f s", activatedAfter.toMillis() / 1000.0);
    if (informerNote.isEmpty()) {
      return activation;
    }
    return activation.isEmpty() ? informerNote : informerNote + "; " + activation;
  }

  private static long droppedTotal(InformerEntryStatus entry) {
    return entry.droppedByFilter().values().stream().mapToLong(Long::longValue).sum();
  }

  private long errors() {
    return (lastInformer == null ? 0 : lastInformer.errors()) + stats.failures();
  }

  /** Returns the run's summary of this type (from the last refresh and the reconcile counters). */
  TypeSummary summary() {
    InformerEntryStatus entry = lastEntry;
    return new TypeSummary(watched.name(), watched.setup(),
        entry == null ? 0 : entry.eventsReceived(), entry == null ? 0 : entry.enqueued(),
        entry == null ? 0 : droppedTotal(entry), stats.reconciles(), entry == null ? 0 : entry.relists(),
        stats.maxQueueDepth(), errors(), stats.disallowed(), Boolean.TRUE.equals(missingAtStart), activatedAfter);
  }
}
