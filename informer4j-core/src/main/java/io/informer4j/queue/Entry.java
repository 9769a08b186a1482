package io.informer4j.queue;

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
    PROCESSING_DIRTY
  }

  final K item;
  State state;
  /** Priority while queued or processing. */
  int priority;
  /** Highest priority added while processing; used by the re-queue on done. */
  int pendingPriority;
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
}
