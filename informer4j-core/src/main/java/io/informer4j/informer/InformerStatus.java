package io.informer4j.informer;

import java.time.Instant;

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
 * @param malformed               objects or events skipped as malformed
 * @param handlerFailures         notifications on which a handler threw
 * @param indexErrors             index function failures
 * @param listProgress            the progress of the list in progress; null when no list is running
 */
public record InformerStatus(String name, InformerState state, Instant stateSince, boolean synced, int cacheSize,
                             String lastSyncResourceVersion, Instant lastEventTime, Instant lastListTime,
                             int consecutiveFailures, Instant failingSince, String lastError, long lists,
                             long relists, long watches, long events, long errors, long malformed,
                             long handlerFailures, long indexErrors,
                             ListProgress listProgress) {
}
