package io.informer4j.cli.run;

import java.time.Duration;
import java.util.Locale;

/**
 * What happened to one type over a whole run, for the summary.
 *
 * @param name              the type's short name
 * @param setup             its namespace set-up
 * @param events            events the controller's watch received (initial list included)
 * @param enqueued          keys put on its controller's queue
 * @param droppedByFilter   events the namespace rules dropped before the queue
 * @param reconciles        reconciles done
 * @param relists           relists after the first list
 * @param maxQueueDepth     the deepest queue the refreshes showed (the same samples as the QUEUE column)
 * @param listWatchFailures list/watch failures of its informers
 * @param faultsPlanned     whether the list/watch failures are the effects of faults the run injected on
 *                          purpose (the demo), and so not errors
 * @param failedReconciles  reconciles that threw
 * @param malformed         objects or events its informers could not read (skipped and logged)
 * @param disallowed        keys from namespaces the set-up rejects that reached the queue (must be 0)
 * @param missingAtStart    whether the type was not served when the run started
 * @param activatedAfter    when a type missing at start became active, counted from the start; null if it did not
 */
public record TypeSummary(String name, String setup, long events, long enqueued, long droppedByFilter, long reconciles,
                          long relists, int maxQueueDepth, long listWatchFailures, boolean faultsPlanned,
                          long failedReconciles, long malformed, long disallowed, boolean missingAtStart,
                          Duration activatedAfter) {

  /**
   * Returns the errors: failed reconciles, unreadable objects, and list/watch failures unless they
   * are the effects of planned faults.
   */
  public long errors() {
    return errors(listWatchFailures, faultsPlanned, failedReconciles, malformed);
  }

  /** Counts errors as {@link #errors()} does, for a figure shown while the run goes on. */
  static long errors(long listWatchFailures, boolean faultsPlanned, long failedReconciles, long malformed) {
    return failedReconciles + malformed + (faultsPlanned ? 0 : listWatchFailures);
  }

  /** Returns the summary line of this type ({@code name events=… reconciles=… …}). */
  public String line() {
    String activation = !missingAtStart ? ""
        : activatedAfter == null ? " missing-type: never became active"
        : String.format(Locale.ROOT, " missing-type: became active after %.1f s", activatedAfter.toMillis() / 1000.0);
    return String.format(Locale.ROOT,
        "%s [%s] events=%d enqueued=%d dropped-by-filter=%d reconciles=%d relists=%d max-queue-depth=%d errors=%d"
            + " disallowed-in-queue=%d %s=%d failed-reconciles=%d malformed=%d%s",
        name, setup, events, enqueued, droppedByFilter, reconciles, relists, maxQueueDepth, errors(), disallowed,
        faultsPlanned ? "planned-fault-failures" : "list-watch-failures", listWatchFailures, failedReconciles, malformed,
        activation);
  }
}
