package io.informer4j.controller;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one or more {@link EnqueueHandler}s did: the counters of a controller (shared by its watches)
 * or of one type of the shared informer factory. Thread-safe; reads are snapshots of each counter.
 */
public final class EnqueueCounters {

  private final LongAdder events = new LongAdder();
  private final LongAdder enqueued = new LongAdder();
  private final LongAdder rejectedByQueue = new LongAdder();
  private final Map<DropReason, LongAdder> dropped = new EnumMap<>(DropReason.class);

  /** Creates counters at zero. */
  public EnqueueCounters() {
    for (DropReason reason : DropReason.values()) {
      dropped.put(reason, new LongAdder());
    }
  }

  void countEvent() {
    events.increment();
  }

  void countEnqueued() {
    enqueued.increment();
  }

  void countRejectedByQueue() {
    rejectedByQueue.increment();
  }

  void countDropped(DropReason reason) {
    dropped.get(reason).increment();
  }

  /** Returns the informer events received (re-queues of cached keys are not events). */
  public long events() {
    return events.sum();
  }

  /** Returns the items a queue accepted (before coalescing). */
  public long enqueued() {
    return enqueued.sum();
  }

  /** Returns the items a queue rejected (depth cap, or shut down). */
  public long rejectedByQueue() {
    return rejectedByQueue.sum();
  }

  /** Returns the events or keys dropped for {@code reason}. */
  public long dropped(DropReason reason) {
    return dropped.get(reason).sum();
  }

  /** Returns the events or keys dropped before any queue, by reason, every reason included. */
  public Map<DropReason, Long> droppedByReason() {
    Map<DropReason, Long> out = new EnumMap<>(DropReason.class);
    dropped.forEach((reason, count) -> out.put(reason, count.sum()));
    return out;
  }

  /** Returns the events or keys a filter dropped: every reason but {@link DropReason#MAPPING_ERROR}. */
  public long filtered() {
    long sum = 0;
    for (Map.Entry<DropReason, LongAdder> entry : dropped.entrySet()) {
      if (entry.getKey() != DropReason.MAPPING_ERROR) {
        sum += entry.getValue().sum();
      }
    }
    return sum;
  }

  /** Returns the events or keys skipped because the mapping threw or gave an impossible key. */
  public long mappingErrors() {
    return dropped(DropReason.MAPPING_ERROR);
  }
}
