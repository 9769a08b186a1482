package io.informer4j.factory;

import io.informer4j.informer.InformerStatus;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import java.util.List;
import java.util.stream.Collectors;

/** Builds the factory's status outputs from its entries. Stateless. */
final class StatusReport {

  private StatusReport() {
  }

  /** The seed's text: {@code "Name(synced), Other(not synced)"}, in the given (sorted) order. */
  static String summary(List<InformerEntry> entries) {
    return entries.stream().map(e -> e.name() + (e.hasSynced() ? "(synced)" : "(not synced)"))
        .collect(Collectors.joining(", "));
  }

  /** The structured status of one entry, with the depth of the queue its items go to. */
  static InformerEntryStatus of(InformerEntry entry, QueueRegistry queues) {
    InformerStatus s = entry.informer().status();
    PriorityWorkQueue<QueueItem> queue = entry.options().queue() != null ? entry.options().queue()
        : queues.lookup(entry.type()).orElse(queues.defaultQueue());
    return new InformerEntryStatus(entry.type(), entry.name(), s.state(), entry.hasSynced(), entry.isMissing(),
        entry.presenceDetail(), entry.options().namespaceFilter().summary(), entry.tier(), s.cacheSize(),
        s.lastSyncResourceVersion(), s.lastEventTime(), s.consecutiveFailures(), s.lastError(), entry.eventsReceived(),
        entry.enqueued(), entry.droppedByFilter(), queue.name(), queue.len(), s.relists(), entry.conflicts());
  }
}
