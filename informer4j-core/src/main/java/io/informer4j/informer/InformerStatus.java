package io.informer4j.informer;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A snapshot of an informer's health and counters, for status pages and health checks.
 *
 * @param name                    the informer's name
 * @param state                   its state
 * @param stateSince              when it entered that state
 * @param synced                  whether the first list has been applied to the cache
 * @param cacheSize               how many objects the cache holds
 * @param lastSyncResourceVersion the last resourceVersion seen from the source
 * @param lastEventTime           when the last watch event arrived; null if none yet
 * @param lastListTime            when the last list completed; null if none yet
 * @param consecutiveFailures     failed list/watch attempts since the last success
 * @param failingSince            when the current streak of failures began; null when not failing
 * @param lastError               the last failure's message; null if none
 * @param lists                   list calls made (pages included)
 * @param relists                 full lists after the first (recoveries and re-syncs with the source)
 * @param watches                 watches opened
 * @param events                  watch events received
 * @param errors                  list and watch failures
 * @param malformed               objects or events the informer could not read
 * @param compactionFailures      objects the cache keeps as decoded because their compact form
 *                                ({@link io.informer4j.meta.ObjectAdapter#compact}) failed
 * @param staleObjects            keys whose latest state could not be read: the cache keeps the
 *                                version it had (or has none) until a readable state, a delete or a
 *                                list settles them
 * @param staleKeys               up to ten of those keys, sorted
 * @param idleTimeouts            watches re-opened after delivering nothing for the watch idle
 *                                timeout, and calls abandoned after receiving nothing for the read
 *                                timeout
 * @param watchListFallbacks      times watch-list was given up for listing (rejected, or its initial
 *                                events never ended)
 * @param cacheLag                how long changes have waited without the cache applying any; zero
 *                                when it is up to date, growing while it is frozen
 * @param handlerFailures         notifications on which a handler threw
 * @param stuckHandlers           the names of handlers busy with one notification for longer than
 *                                the runtime's stuck-handler threshold
 * @param indexErrors             index function failures
 * @param listProgress            the progress of the list in progress; null when no list is running
 */
public record InformerStatus(String name, InformerState state, Instant stateSince, boolean synced, int cacheSize,
                             String lastSyncResourceVersion, Instant lastEventTime, Instant lastListTime,
                             int consecutiveFailures, Instant failingSince, String lastError, long lists,
                             long relists, long watches, long events, long errors, long malformed,
                             long compactionFailures,
                             int staleObjects, List<String> staleKeys, long idleTimeouts, long watchListFallbacks,
                             Duration cacheLag, long handlerFailures, List<String> stuckHandlers, long indexErrors,
                             ListProgress listProgress) {

  /** Copies the lists, so the snapshot is immutable. */
  public InformerStatus {
    staleKeys = List.copyOf(staleKeys);
    stuckHandlers = List.copyOf(stuckHandlers);
  }
}
