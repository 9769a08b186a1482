package io.informer4j.queue;

import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The items of a {@link StandardWorkQueue} waiting for their delay to pass: a heap by ready time
 * (then insertion order), a map from item to its waiting node for the "re-add only moves earlier"
 * rule, and at most one scheduler task, armed for the earliest ready time. Unbounded: nothing is
 * dropped. Not thread-safe: guarded by the queue's lock.
 *
 * @param <K> the item type
 */
final class DelayedAdds<K> {

  /** One waiting item. */
  static final class Waiting<K> extends IndexedHeap.Node {
    final K item;
    long readyNanos;
    long sequence;
    int priority;

    Waiting(K item, long readyNanos, long sequence, int priority) {
      this.item = item;
      this.readyNanos = readyNanos;
      this.sequence = sequence;
      this.priority = priority;
    }
  }

  /** The armed scheduler task, with the time it was armed for. */
  private static final class Timer {
    final long dueNanos;
    Scheduler.Cancellable handle;

    Timer(long dueNanos) {
      this.dueNanos = dueNanos;
    }
  }

  private static final Comparator<Waiting<?>> EARLIEST_FIRST = (a, b) -> a.readyNanos != b.readyNanos
      ? Long.compare(a.readyNanos, b.readyNanos)
      : Long.compare(a.sequence, b.sequence);

  private final IndexedHeap<Waiting<K>> heap = new IndexedHeap<>(EARLIEST_FIRST);
  private final Map<K, Waiting<K>> byItem = new HashMap<>();
  private final Scheduler scheduler;
  private long sequence;
  private Timer timer;

  DelayedAdds(Scheduler scheduler) {
    this.scheduler = scheduler;
  }

  int size() {
    return heap.size();
  }

  boolean contains(K item) {
    return byItem.containsKey(item);
  }

  /** Makes {@code item} ready at {@code readyNanos}, or earlier if it already waits for an earlier time. */
  void put(K item, long readyNanos, int priority) {
    Waiting<K> waiting = byItem.get(item);
    if (waiting == null) {
      waiting = new Waiting<>(item, readyNanos, sequence++, priority);
      byItem.put(item, waiting);
      heap.add(waiting);
      return;
    }
    waiting.priority = Math.max(waiting.priority, priority);
    if (readyNanos < waiting.readyNanos) {
      waiting.readyNanos = readyNanos;
      heap.update(waiting);
    }
  }

  /** Removes and returns the earliest item if it is ready at {@code nowNanos}, else null. */
  Waiting<K> pollReady(long nowNanos) {
    Waiting<K> head = heap.peek();
    if (head == null || head.readyNanos > nowNanos) {
      return null;
    }
    heap.poll();
    byItem.remove(head.item);
    return head;
  }

  /**
   * Makes sure a task runs {@code onDue} when the earliest item is ready: arms one if none is
   * armed or the armed one is late, cancels it when nothing waits.
   *
   * @param onDue given the timer it runs for, so {@link #fired} can tell a stale task from the current one
   */
  void arm(long nowNanos, Consumer<Object> onDue) {
    Waiting<K> head = heap.peek();
    if (head == null) {
      cancel();
      return;
    }
    if (timer != null && timer.dueNanos <= head.readyNanos) {
      return;
    }
    cancel();
    Timer armed = new Timer(head.readyNanos);
    armed.handle = scheduler.schedule(Duration.ofNanos(Math.max(0, head.readyNanos - nowNanos)), () -> onDue.accept(armed));
    timer = armed;
  }

  /** Records that the task armed as {@code firedTimer} ran, so the next {@link #arm} arms anew. */
  void fired(Object firedTimer) {
    if (timer == firedTimer) {
      timer = null;
    }
  }

  /** Discards every waiting item and cancels the armed task. */
  void clear() {
    heap.clear();
    byItem.clear();
    cancel();
  }

  private void cancel() {
    if (timer != null) {
      timer.handle.cancel();
      timer = null;
    }
  }
}
