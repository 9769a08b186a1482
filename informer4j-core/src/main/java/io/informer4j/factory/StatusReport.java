package io.informer4j.factory;

import io.informer4j.informer.InformerStatus;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;

/** Builds the factory's per-type status from a route. Stateless. */
final class StatusReport {

  private StatusReport() {
  }

  /** The structured status of one route, with the depth of the queue its items go to. */
  static TypeStatus of(Route<?> route, QueueRegistry queues) {
    InformerStatus s = route.entry().informer().status();
    PriorityWorkQueue<QueueItem> queue = route.queue(queues, false);
    return new TypeStatus(route.type(), route.name(), s.state(), route.hasSynced(), route.entry().isMissing(),
        route.entry().presence(), route.options().namespaceFilter().summary(), route.tier(), s.cacheSize(),
        s.lastSyncResourceVersion(), s.lastEventTime(), s.consecutiveFailures(), s.lastError(), route.counters().events(),
        route.counters().enqueued(), route.counters().droppedByReason(), queue.name(), queue.len(), s.relists(), route.conflicts());
  }
}
