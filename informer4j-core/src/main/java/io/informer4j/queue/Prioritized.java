package io.informer4j.queue;

import java.util.Objects;

/**
 * An item handed out by {@link PriorityWorkQueue#getWithPriority()} with the priority it was queued
 * at, so a worker can requeue it at the same priority. Immutable.
 *
 * @param item     the item
 * @param priority its priority: higher runs first; {@link PriorityWorkQueue#LOW_PRIORITY} for
 *                 initial-list and resync adds
 * @param <K>      the item type
 */
public record Prioritized<K>(K item, int priority) {

  /** @throws NullPointerException if {@code item} is null */
  public Prioritized {
    Objects.requireNonNull(item, "item");
  }
}
