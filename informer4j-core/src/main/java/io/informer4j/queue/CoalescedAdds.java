package io.informer4j.queue;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The memory-ordering half of a coalesced add: an add that finds its item already queued (or being
 * processed and already marked to be queued again) changes nothing, yet everything its thread did
 * before the add must happen-before the worker that next takes the item (a controller writes its
 * cache, then adds the key). The add {@link #publish() publishes} to a slot of its own, then
 * confirms the entry is still queued or still marked; the worker takes the entry out of the queued
 * state, then {@link #acquire() reads every slot}. These are volatile accesses, totally ordered: if
 * the add saw the entry still queued or marked, the next hand-out of it comes later, so its reads
 * follow the publication and synchronize with it; if not, the add takes the locked path. Adders
 * write different slots (by thread), so a burst of duplicates does not contend on one cache line as
 * a compare-and-set on the entry would.
 *
 * <p>Thread-safe and lock-free.
 */
final class CoalescedAdds {

  private static final int SLOTS = 8;
  /** Longs between two slots, so that each slot has a cache line of its own (128 bytes). */
  private static final int SPACING = 16;

  private final AtomicLongArray slots = new AtomicLongArray(SLOTS * SPACING);

  /** Publishes everything the calling thread did so far to the next {@link #acquire()} of any thread. */
  void publish() {
    int slot = (int) Thread.currentThread().getId() & (SLOTS - 1);
    slots.getAndIncrement(slot * SPACING);
  }

  /** Reads every slot, acquiring what each {@link #publish()} before it published. */
  void acquire() {
    for (int slot = 0; slot < SLOTS; slot++) {
      slots.get(slot * SPACING);
    }
  }
}
