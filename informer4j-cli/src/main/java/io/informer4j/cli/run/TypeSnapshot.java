package io.informer4j.cli.run;

import io.informer4j.informer.InformerStatus;
import io.informer4j.manager.ControllerStatus;
import io.informer4j.reader.MapEntry;
import java.util.List;

/**
 * The state of one watched type at one refresh, from its informers (one per cached namespace) and
 * its controller.
 *
 * @param missing        whether the type is not served (yet)
 * @param state          the first informer's state, {@code MISSING} when missing
 * @param synced         whether every informer synced
 * @param cacheSize      objects cached over all informers
 * @param events         events the controller's watch received (enqueued, filtered or unmappable)
 * @param enqueued       keys put on the controller's queue
 * @param dropped        events dropped before the queue (tier 2)
 * @param queueDepth     the controller's queue depth
 * @param relists        relists after the first list, over all informers
 * @param informerErrors list/watch failures over all informers
 * @param malformed      objects or events the informers could not read (skipped and logged)
 * @param disallowed     keys from namespaces the set-up rejects that reached the queue (tier 3 skips)
 * @param informer       the first informer's status, for notes; null when there is none
 * @param stuck          the keys of the controller's reconciles running past its stuck threshold
 * @param allStuck       whether every worker of the controller is stuck
 */
record TypeSnapshot(boolean missing, String state, boolean synced, int cacheSize, long events, long enqueued,
                    long dropped, int queueDepth, long relists, long informerErrors, long malformed,
                    long disallowed, InformerStatus informer, List<String> stuck, boolean allStuck) {

  /** Sums up {@code entries} (the type's informers) and {@code controller} (its controller). */
  static TypeSnapshot of(List<? extends MapEntry<?>> entries, ControllerStatus controller, long disallowed) {
    List<InformerStatus> informers = entries.stream().map(entry -> entry.informer().status()).toList();
    boolean missing = !entries.isEmpty() && entries.stream().allMatch(MapEntry::isMissing);
    InformerStatus first = informers.isEmpty() ? null : informers.get(0);
    return new TypeSnapshot(missing, missing ? "MISSING" : first == null ? "NEW" : first.state().name(),
        !informers.isEmpty() && informers.stream().allMatch(InformerStatus::synced),
        informers.stream().mapToInt(InformerStatus::cacheSize).sum(),
        controller.enqueued() + controller.filtered() + controller.mappingErrors(), controller.enqueued(),
        controller.filtered(), controller.queueDepth(), informers.stream().mapToLong(InformerStatus::relists).sum(),
        informers.stream().mapToLong(InformerStatus::errors).sum(),
        informers.stream().mapToLong(InformerStatus::malformed).sum(), disallowed, first,
        controller.stuckReconciles(), !controller.stuckReconciles().isEmpty()
            && controller.stuckReconciles().size() >= controller.workers());
  }
}
