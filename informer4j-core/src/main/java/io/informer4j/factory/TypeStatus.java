package io.informer4j.factory;

import io.informer4j.informer.InformerState;
import io.informer4j.meta.TypeKey;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import io.informer4j.controller.DropReason;
import java.util.Map;

/**
 * A snapshot of one type of a shared informer factory, for status pages ({@code /katalog}) and
 * dashboards. Holds no object contents.
 *
 * @param type                the type
 * @param name                the informer's name
 * @param state               the informer's state
 * @param synced              whether the cache and the routing handler synced
 * @param missing             whether the type is missing
 * @param presence            what the last presence check said
 * @param namespaces          the namespace filter's summary
 * @param tier                1 (scoped list/watch), 2 (event filter) or 0 (no namespace rules)
 * @param cacheSize           objects cached
 * @param lastResourceVersion the last resourceVersion seen
 * @param lastEventTime       when the last watch event arrived; null if none yet
 * @param consecutiveFailures failed list/watch attempts in a row
 * @param lastError           the last failure, or null
 * @param eventsReceived      events the routing handler received
 * @param enqueued            items put on a queue
 * @param droppedByFilter     events dropped before any queue, by reason (every reason, zeros included)
 * @param queue               the name of the queue items go to
 * @param queueDepth          that queue's depth
 * @param relists             relists so far
 * @param conflicts           later registrations whose differing options were ignored
 */
public record TypeStatus(TypeKey type, String name, InformerState state, boolean synced, boolean missing,
                                  String presence, String namespaces, int tier, int cacheSize,
                                  String lastResourceVersion, Instant lastEventTime, int consecutiveFailures,
                                  String lastError, long eventsReceived, long enqueued, Map<DropReason, Long> droppedByFilter,
                                  String queue, int queueDepth, long relists, List<String> conflicts) {

  /** Copies the map and the list, so the snapshot is immutable. */
  public TypeStatus {
    droppedByFilter = droppedByFilter.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(droppedByFilter));
    conflicts = List.copyOf(conflicts);
  }

  /** Returns the events dropped before any queue, whatever the reason. */
  public long droppedTotal() {
    return droppedByFilter.values().stream().mapToLong(Long::longValue).sum();
  }
}
