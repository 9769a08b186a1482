package io.informer4j.controller;

/**
 * Brings the world in line with the desired state of one item, as controller-runtime's
 * {@code Reconciler} does. A {@link Controller} calls it from its workers; one item is never
 * reconciled by two workers at once, but different items are reconciled concurrently, so an
 * implementation must be thread-safe across items.
 *
 * <p>Outcomes: return a {@link Result}; throw {@link TerminalReconcileException} for an error that a
 * retry cannot fix (no requeue); throw anything else for a retry with rate limiting. A reconcile
 * that blocks should honour interruption: the controller interrupts it at its timeout and on a
 * forced stop.
 *
 * @param <K> the item type, for example {@link io.informer4j.queue.QueueItem}
 */
@FunctionalInterface
public interface Reconciler<K> {

  /**
   * Reconciles {@code item}.
   *
   * @return what to do next with the item
   * @throws Exception any failure; see the class comment for how each kind is handled
   */
  Result reconcile(K item) throws Exception;
}
