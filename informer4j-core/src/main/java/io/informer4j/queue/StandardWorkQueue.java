package io.informer4j.queue;

import io.informer4j.time.Clock;
import io.informer4j.time.Scheduler;
import io.informer4j.time.internal.Nanos;
import io.informer4j.time.internal.OwnedScheduler;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The work queue behind {@link WorkQueueBuilder#build()}: one lock guards every change to the map
 * from item to its {@link Entry} (queued, processing, or processing and dirty), the ready entries in
 * hand-out order, the in-flight list and the delayed adds. Two paths run without the lock: an add
 * for an item that is already queued at an equal or higher priority, or being processed and already
 * marked to be queued again at an equal or higher priority, the common cases under heavy
 * duplication (ordered before the next hand-out by {@link CoalescedAdds}), and, when no metrics are
 * kept, {@code done} for an item that was not added again while processed, a compare-and-set on
 * the entry's state ({@link Entry#finishIfClean()}). Thread-safe; see the interfaces for the
 * contract.
 *
 * @param <K> the item type
 */
final class StandardWorkQueue<K> implements PriorityWorkQueue<K> {

  private static final Logger LOG = LoggerFactory.getLogger(StandardWorkQueue.class);
  private static final double NANOS_PER_SECOND = 1e9;

  private final String name;
  private final Clock clock;
  private final RateLimiter<K> rateLimiter;
  private final QueueOrdering ordering;
  private final OwnedScheduler ownedScheduler;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition itemReady = lock.newCondition();
  private final Condition nothingInFlight = lock.newCondition();
  private final ConcurrentHashMap<K, Entry<K>> entries = new ConcurrentHashMap<>();
  private final CoalescedAdds coalescedAdds = new CoalescedAdds();
  private final ReadyQueue<K> ready;
  private final InFlight<K> inFlight = new InFlight<>();
  private final AtomicInteger inFlightCount = new AtomicInteger();
  private final DelayedAdds<K> delayed;
  private final Consumer<Object> onDelayDue = this::moveDueDelayedAdds;
  private final DepthCap depthCap;
  private final QueueMetrics metrics;
  private final boolean timed;
  private int waitingGets;
  private volatile boolean draining;
  private volatile boolean shuttingDown;
  private volatile int depth;

  StandardWorkQueue(String name, Clock clock, Scheduler scheduler, MeterRegistry registry, boolean metricsOnFirstAdd,
      RateLimiter<K> rateLimiter, QueueOrdering ordering, int maxDepth) {
    this.name = name;
    this.clock = clock;
    this.rateLimiter = rateLimiter;
    this.ordering = ordering;
    this.depthCap = new DepthCap(name, maxDepth);
    this.ownedScheduler = scheduler == null ? new OwnedScheduler("informer4j-workqueue-timer[" + name + "]") : null;
    this.delayed = new DelayedAdds<>(scheduler == null ? ownedScheduler : scheduler);
    this.ready = ReadyQueue.create(ordering, clock.nanoTime());
    this.metrics = registry == null ? QueueMetrics.NONE
        : metricsOnFirstAdd ? QueueMetrics.micrometerOnFirstAdd(registry, this) : QueueMetrics.micrometer(registry, this);
    this.timed = metrics.timed() || ready.needsClock();
  }

  @Override
  public boolean add(K item) {
    return add(item, DEFAULT_PRIORITY);
  }

  @Override
  public boolean add(K item, int priority) {
    Objects.requireNonNull(item, "item");
    if (shuttingDown) {
      return false;
    }
    Entry<K> known = entries.get(item);
    if (known != null && known.absorbsAdd(priority)) {
      coalescedAdds.publish();
      if (known.absorbsAdd(priority)) {
        return true;
      }
    }
    lock.lock();
    try {
      return enqueue(item, priority, true);
    } finally {
      lock.unlock();
    }
  }

  /** The client-go add rules; {@code capped} applies the depth cap to a new item. Holds the lock. */
  private boolean enqueue(K item, int priority, boolean capped) {
    if (shuttingDown) {
      return false;
    }
    Entry<K> entry = entries.get(item);
    if (entry != null && entry.state == Entry.State.PROCESSING && entry.markDirtyIfProcessing(priority)) {
      markDirty(entry, now());
      return true;
    }
    if (entry != null && entry.state == Entry.State.FINISHED) {
      entries.remove(item, entry);
      entry = null;
    }
    if (entry == null) {
      if (capped && depthCap.isFull(ready.size()) && !delayed.contains(item)) {
        depthCap.reject(item, clock.nanoTime());
        metrics.rejected();
        return false;
      }
      entry = new Entry<>(item, priority);
      entries.put(item, entry);
      long now = now();
      markDirty(entry, now);
      makeReady(entry, now);
    } else if (entry.state == Entry.State.QUEUED) {
      if (priority > entry.priority) {
        ready.raise(entry, priority);
      }
    } else {
      entry.pendingPriority = Math.max(entry.pendingPriority, priority);
    }
    return true;
  }

  private void markDirty(Entry<K> entry, long now) {
    entry.addedNanos = now;
    metrics.added();
  }

  private void makeReady(Entry<K> entry, long now) {
    ready.push(entry, now);
    depth = ready.size();
    if (waitingGets > 0) {
      itemReady.signal();
    }
  }

  private long now() {
    return timed ? clock.nanoTime() : 0;
  }

  @Override
  public Optional<K> get() throws InterruptedException {
    return itemOf(take(-1));
  }

  @Override
  public Optional<K> get(Duration timeout) throws InterruptedException {
    return itemOf(take(Math.max(0, Nanos.of(timeout))));
  }

  @Override
  public Optional<K> poll() {
    lock.lock();
    try {
      return itemOf(ready.size() == 0 ? null : handOut());
    } finally {
      lock.unlock();
    }
  }

  @Override
  public Optional<Prioritized<K>> getWithPriority() throws InterruptedException {
    return prioritized(take(-1));
  }

  @Override
  public Optional<Prioritized<K>> getWithPriority(Duration timeout) throws InterruptedException {
    return prioritized(take(Math.max(0, Nanos.of(timeout))));
  }

  private static <K> Optional<K> itemOf(Entry<K> entry) {
    return entry == null ? Optional.empty() : Optional.of(entry.item);
  }

  /** Safe without the lock: only the worker holding the entry can change its priority, by {@code done}. */
  private static <K> Optional<Prioritized<K>> prioritized(Entry<K> entry) {
    return entry == null ? Optional.empty() : Optional.of(new Prioritized<>(entry.item, entry.priority));
  }

  /** Waits up to {@code timeoutNanos} (forever when negative) for a ready entry and hands it out. */
  private Entry<K> take(long timeoutNanos) throws InterruptedException {
    lock.lock();
    try {
      long remaining = timeoutNanos;
      while (ready.size() == 0) {
        if (shuttingDown || remaining == 0) {
          return null;
        }
        waitingGets++;
        try {
          if (remaining < 0) {
            itemReady.await();
          } else {
            remaining = Math.max(0, itemReady.awaitNanos(remaining));
          }
        } finally {
          waitingGets--;
        }
      }
      return handOut();
    } finally {
      lock.unlock();
    }
  }

  private Entry<K> handOut() {
    Entry<K> entry = ready.pop();
    depth = ready.size();
    entry.handOut();
    coalescedAdds.acquire();
    long now = now();
    metrics.handedOut(now - entry.addedNanos);
    if (metrics.timed()) {
      inFlight.add(entry, now);
    }
    inFlightCount.incrementAndGet();
    return entry;
  }

  @Override
  public void done(K item) {
    Objects.requireNonNull(item, "item");
    Entry<K> processed = entries.get(item);
    if (processed == null) {
      return;
    }
    if (!metrics.timed() && processed.finishIfClean()) {
      entries.remove(item, processed);
      finishedOne();
      return;
    }
    lock.lock();
    try {
      Entry<K> entry = entries.get(item);
      if (entry == null || entry.state == Entry.State.QUEUED || entry.state == Entry.State.FINISHED) {
        return;
      }
      long now = now();
      if (metrics.timed()) {
        inFlight.remove(entry);
        metrics.finished(now - entry.startedNanos);
      }
      if (entry.state == Entry.State.PROCESSING_DIRTY) {
        entry.priority = entry.pendingPriority;
        entry.state = Entry.State.QUEUED;
        makeReady(entry, now);
      } else {
        entry.state = Entry.State.FINISHED;
        entries.remove(item);
      }
    } finally {
      lock.unlock();
    }
    finishedOne();
  }

  /**
   * Counts one item done; wakes a drain when it was the last in flight. The count is decremented
   * before {@code draining} is read and a drain sets {@code draining} before reading the count, so
   * one of the two always sees the other.
   */
  private void finishedOne() {
    if (inFlightCount.decrementAndGet() == 0 && draining) {
      lock.lock();
      try {
        nothingInFlight.signalAll();
      } finally {
        lock.unlock();
      }
    }
  }

  @Override
  public void addAfter(K item, Duration delay) {
    addAfter(item, delay, DEFAULT_PRIORITY);
  }

  @Override
  public void addAfter(K item, Duration delay, int priority) {
    Objects.requireNonNull(item, "item");
    Objects.requireNonNull(delay, "delay");
    if (shuttingDown) {
      return;
    }
    metrics.retried();
    long delayNanos = Nanos.of(delay);
    lock.lock();
    try {
      if (delayNanos <= 0) {
        enqueue(item, priority, false);
      } else if (!shuttingDown) {
        long now = clock.nanoTime();
        delayed.put(item, Nanos.add(now, delayNanos), priority);
        delayed.arm(now, onDelayDue);
      }
    } finally {
      lock.unlock();
    }
  }

  /** Runs on the scheduler: moves every delayed add whose time has come to the ready queue. */
  private void moveDueDelayedAdds(Object firedTimer) {
    lock.lock();
    try {
      delayed.fired(firedTimer);
      if (shuttingDown) {
        return;
      }
      long now = clock.nanoTime();
      for (DelayedAdds.Waiting<K> due = delayed.pollReady(now); due != null; due = delayed.pollReady(now)) {
        enqueue(due.item, due.priority, false);
      }
      delayed.arm(now, onDelayDue);
    } catch (RejectedExecutionException e) {
      LOG.error("work queue '{}': its scheduler rejected the timer for {} delayed items; they move when the next "
          + "delayed add re-arms it", name, delayed.size(), e);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void addRateLimited(K item) {
    addRateLimited(item, DEFAULT_PRIORITY);
  }

  @Override
  public void addRateLimited(K item, int priority) {
    if (!shuttingDown) {
      addAfter(item, rateLimiter.when(item), priority);
    }
  }

  @Override
  public void forget(K item) {
    rateLimiter.forget(item);
  }

  @Override
  public int numRequeues(K item) {
    return rateLimiter.numRequeues(item);
  }

  @Override
  public RateLimiter<K> rateLimiter() {
    return rateLimiter;
  }

  @Override
  public int len() {
    return depth;
  }

  @Override
  public void shutDown() {
    lock.lock();
    try {
      beginShutdown(false);
      nothingInFlight.signalAll();
    } finally {
      lock.unlock();
    }
    releaseResources();
  }

  @Override
  public boolean shutDownWithDrain(Duration timeout) throws InterruptedException {
    return drain(Math.max(0, Nanos.of(timeout)));
  }

  @Override
  public void shutDownWithDrain() throws InterruptedException {
    drain(-1);
  }

  private boolean drain(long timeoutNanos) throws InterruptedException {
    lock.lock();
    try {
      beginShutdown(true);
      long remaining = timeoutNanos;
      while (inFlightCount.get() > 0 && draining && remaining != 0) {
        if (remaining < 0) {
          nothingInFlight.await();
        } else {
          remaining = Math.max(0, nothingInFlight.awaitNanos(remaining));
        }
      }
      return inFlightCount.get() == 0;
    } finally {
      lock.unlock();
      releaseResources();
    }
  }

  private void beginShutdown(boolean drain) {
    if (!shuttingDown) {
      LOG.debug("work queue '{}' shutting down with {} queued, {} in flight, {} delayed (discarded)",
          name, ready.size(), inFlightCount.get(), delayed.size());
    }
    shuttingDown = true;
    draining = drain;
    delayed.clear();
    itemReady.signalAll();
  }

  private void releaseResources() {
    metrics.close();
    if (ownedScheduler != null) {
      ownedScheduler.close();
    }
  }

  @Override
  public boolean isShuttingDown() {
    return shuttingDown;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public QueueOrdering ordering() {
    return ordering;
  }

  @Override
  public long rejectedAdds() {
    return depthCap.rejected();
  }

  @Override
  public int maxDepth() {
    return depthCap.limit();
  }

  @Override
  public void setMaxDepth(int maxDepth) {
    depthCap.setLimit(maxDepth);
  }

  /** The {@code workqueue_unfinished_work_seconds} gauge. */
  double unfinishedWorkSeconds() {
    return inFlightSeconds(false);
  }

  /** The {@code workqueue_longest_running_processor_seconds} gauge. */
  double longestRunningProcessorSeconds() {
    return inFlightSeconds(true);
  }

  private double inFlightSeconds(boolean longestOnly) {
    lock.lock();
    try {
      long now = clock.nanoTime();
      return (longestOnly ? inFlight.longestRunningNanos(now) : inFlight.unfinishedNanos(now)) / NANOS_PER_SECOND;
    } finally {
      lock.unlock();
    }
  }

  /** Returns true while the queue's own timer thread runs (never with a shared scheduler). */
  boolean ownsTimerThread() {
    return ownedScheduler != null && ownedScheduler.hasThread();
  }

  @Override
  public String toString() {
    return "WorkQueue[" + name + ", " + ordering + ", queued " + depth + (shuttingDown ? ", shut down]" : "]");
  }
}
