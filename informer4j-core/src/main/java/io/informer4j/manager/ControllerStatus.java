package io.informer4j.manager;

import io.informer4j.controller.ControllerState;
import io.informer4j.meta.TypeKey;
import java.util.List;

/**
 * A snapshot of one controller of a {@link Manager}, for status pages and health checks.
 *
 * @param name          the controller's name
 * @param primary       the type it reconciles
 * @param watches       every type it watches, the primary first
 * @param state         its lifecycle state
 * @param failure       why it failed, or null
 * @param workers       how many workers it runs
 * @param activeWorkers how many are reconciling now
 * @param queueDepth    items waiting in its queue
 * @param enqueued      keys its watches put on the queue (before coalescing)
 * @param filtered      events a predicate dropped before the queue
 * @param mappingErrors events or keys skipped because a mapping threw or gave an impossible key
 * @param stuckReconciles the keys of the reconciles running past the controller's stuck threshold
 */
public record ControllerStatus(String name, TypeKey primary, List<TypeKey> watches, ControllerState state,
                               String failure, int workers, int activeWorkers, int queueDepth, long enqueued,
                               long filtered, long mappingErrors, List<String> stuckReconciles) {

  /** Copies the lists. */
  public ControllerStatus {
    watches = List.copyOf(watches);
    stuckReconciles = List.copyOf(stuckReconciles);
  }

  /** Returns true when the controller has workers and every one is stuck: no other key gets reconciled. */
  public boolean allWorkersStuck() {
    return workers > 0 && stuckReconciles.size() >= workers;
  }
}
