package io.informer4j.queue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What a {@link StandardWorkQueue} knows about one item that is queued or being processed. Items
 * unknown to the queue have no entry. Guarded by the queue's lock.
 *
 * @param <K> the item type
 */
final class Entry<K> extends IndexedHeap.Node {

  /** The states of the client-go rules, see {@link WorkQueue}. */
  enum State {
    QUEUED,
    PROCESSING,
    PROCESSING_DIRTY,
    /** Done and not re-added: no longer the item's entry (it may still be in the map for a moment). */
    FINISHED
  }

  private static final VarHandle STATE;

  static {
    try {
      STATE = MethodHandles.lookup().findVarHandle(Entry.class, "state", State.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  final K item;
  /** Written under the queue's lock; read without it by {@link #absorbsAdd}. */
  volatile State state;
  /** Priority while queued or processing; read without the lock by {@link #absorbsAdd}. */
  volatile int priority;
  /**
   * Highest priority added while processing; used by the re-queue on done. Written under the queue's
   * lock; read without it by {@link #absorbsAdd}, which trusts it only while the entry is dirty.
   */
  volatile int pendingPriority;
  /** Clock time of the add that made it dirty, when the queue is timed. */
  long addedNanos;
  /** Clock time it became ready, for priority aging. */
  long readyNanos;
  /** Ordering key of a priority queue: higher goes first. */
  long rank;
  /** Tie-breaker: the order in which entries became ready. */
  long sequence;
  /** Clock time it was handed out, when the queue is timed. */
  long startedNanos;
  /** Links of the in-flight list, while processing. */
  Entry<K> olderInFlight;
  Entry<K> newerInFlight;

  Entry(K item, int priority) {
    this.item = item;
    this.priority = priority;
    this.state = State.QUEUED;
  }

  /**
   * The test of the lock-free fast path of an add: true when an add of the item at {@code priority}
   * changes nothing, because the entry is queued at {@code priority} or higher, or is being
   * processed and already marked to be queued again at {@code priority} or higher. The add must
   * still order itself before the next hand-out ({@link CoalescedAdds}).
   */
  boolean absorbsAdd(int priority) {
    State current = state;
    if (current == State.QUEUED) {
      return priority <= this.priority;
    }
    return current == State.PROCESSING_DIRTY && priority <= pendingPriority;
  }

  /**
   * The lock-free fast path of {@code done} for an entry that was not added again while processed:
   * moves it from processing to finished. Fails when an add made it dirty meanwhile (which happens
   * only under the queue's lock), so exactly one of the two wins.
   */
  boolean finishIfClean() {
    return STATE.compareAndSet(this, State.PROCESSING, State.FINISHED);
  }

  /**
   * Marks an entry being processed as dirty, to be queued again by {@code done}, with
   * {@code priority}; called under the queue's lock. Fails when a lock-free {@code done} finished
   * the entry first: the add must then create a new entry.
   */
  boolean markDirtyIfProcessing(int priority) {
    pendingPriority = priority;
    return STATE.compareAndSet(this, State.PROCESSING, State.PROCESSING_DIRTY);
  }

  /** Marks a queued entry as handed out; called under the queue's lock. */
  void handOut() {
    if (!STATE.compareAndSet(this, State.QUEUED, State.PROCESSING)) {
      throw new IllegalStateException("work queue entry " + item + " handed out while " + state);
    }
  }
}
