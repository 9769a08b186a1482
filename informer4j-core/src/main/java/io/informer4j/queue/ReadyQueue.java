package io.informer4j.queue;

import io.informer4j.time.internal.Nanos;
import java.util.ArrayDeque;
import java.util.Comparator;

/**
 * The queued (ready) entries of a {@link StandardWorkQueue}, in hand-out order: FIFO or aging
 * priority, as {@link QueueOrdering} describes. Not thread-safe: guarded by the queue's lock.
 *
 * @param <K> the item type
 */
interface ReadyQueue<K> {

  /** Appends an entry that became ready at {@code nowNanos} (ignored by FIFO). */
  void push(Entry<K> entry, long nowNanos);

  /** Removes and returns the next entry, or null when empty. */
  Entry<K> pop();

  int size();

  /** Raises a queued entry's priority to {@code priority}, which is higher than its current one. */
  void raise(Entry<K> entry, int priority);

  /** Returns true when {@link #push} needs the clock. */
  boolean needsClock();

  /** Returns an empty ready queue for {@code ordering}; {@code originNanos} is the queue's birth time. */
  static <K> ReadyQueue<K> create(QueueOrdering ordering, long originNanos) {
    return ordering.isPriority() ? new Aging<>(ordering.agingStepNanos(), originNanos) : new Fifo<>();
  }

  /** First in, first out; priorities are carried only. */
  final class Fifo<K> implements ReadyQueue<K> {
    private final ArrayDeque<Entry<K>> entries = new ArrayDeque<>();

    @Override
    public void push(Entry<K> entry, long nowNanos) {
      entries.addLast(entry);
    }

    @Override
    public Entry<K> pop() {
      return entries.pollFirst();
    }

    @Override
    public int size() {
      return entries.size();
    }

    @Override
    public void raise(Entry<K> entry, int priority) {
      entry.priority = priority;
    }

    @Override
    public boolean needsClock() {
      return false;
    }
  }

  /**
   * Highest effective priority first, where waiting raises the priority by one level per aging
   * step; kept as the static key {@code priority·step − readyTime} (see {@link QueueOrdering}).
   */
  final class Aging<K> implements ReadyQueue<K> {
    private static final Comparator<Entry<?>> HIGHEST_RANK_FIRST = (a, b) -> a.rank != b.rank
        ? Long.compare(b.rank, a.rank)
        : Long.compare(a.sequence, b.sequence);

    private final IndexedHeap<Entry<K>> heap = new IndexedHeap<>(HIGHEST_RANK_FIRST);
    private final long stepNanos;
    private final long originNanos;
    private long sequence;

    Aging(long stepNanos, long originNanos) {
      this.stepNanos = stepNanos;
      this.originNanos = originNanos;
    }

    @Override
    public void push(Entry<K> entry, long nowNanos) {
      entry.readyNanos = nowNanos;
      entry.rank = rank(entry.priority, nowNanos);
      entry.sequence = sequence++;
      heap.add(entry);
    }

    @Override
    public Entry<K> pop() {
      return heap.poll();
    }

    @Override
    public int size() {
      return heap.size();
    }

    /** Keeps the wait already done and moves the entry behind others of the same effective priority. */
    @Override
    public void raise(Entry<K> entry, int priority) {
      entry.priority = priority;
      entry.rank = rank(priority, entry.readyNanos);
      entry.sequence = sequence++;
      heap.update(entry);
    }

    @Override
    public boolean needsClock() {
      return true;
    }

    private long rank(int priority, long readyNanos) {
      long lift;
      try {
        lift = Math.multiplyExact(priority, stepNanos);
      } catch (ArithmeticException overflow) {
        lift = priority < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
      }
      return Nanos.add(lift, -(readyNanos - originNanos));
    }
  }
}
