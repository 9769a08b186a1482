package io.informer4j.informer.internal;

import io.informer4j.informer.EventHandler;
import io.informer4j.informer.HandlerOptions;
import io.informer4j.informer.HandlerRegistration;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One handler's serial lane: its notifications wait here and are delivered one at a time, in order,
 * by tasks on the shared dispatch executor (at most one task per lane at a time, yielding after a
 * slice so lanes share threads fairly). Tracks the handler's sync state and failures.
 *
 * <p>The backlog is bounded by the number of distinct objects, not events: once it holds more than
 * its limit, it is compacted to at most two notifications per key ({@link BacklogCompactor}), and
 * the limit becomes twice what remains, so a stuck handler costs memory in proportion to the cache.
 * A {@link StallMonitor} samples the lane to tell how long its current notification has run.
 *
 * <p>Thread-safe: the informer's processor adds, a dispatch thread delivers.
 *
 * @param <T> the object type
 */
final class HandlerLane<T> implements HandlerRegistration {

  private static final Logger log = LoggerFactory.getLogger(HandlerLane.class);
  private static final int SLICE = 1024;

  /** A batch of notifications enqueued together, consumed from {@code next}. */
  private static final class Chunk<T> {
    final List<Notification<T>> items;
    final long enqueuedNanos;
    int next;

    Chunk(List<Notification<T>> items, long enqueuedNanos) {
      this.items = items;
      this.enqueuedNanos = enqueuedNanos;
    }
  }

  private final String informer;
  private final EventHandler<T> handler;
  private final Function<T, String> keyOf;
  private final int backlogLimit;
  private final HandlerOptions options;
  private final Executor executor;
  private final TaskTracker tracker;
  private final Clock clock;
  private final LongAdder informerFailures;
  private final ThrottledWarning failureWarning;
  private final LongAdder failures = new LongAdder();
  private final CompletableFuture<Void> synced = new CompletableFuture<>();
  private final CompletableFuture<Void> finished = new CompletableFuture<>();

  private final ArrayDeque<Chunk<T>> chunks = new ArrayDeque<>();
  private int pending;
  private boolean scheduled;
  private boolean removed;
  private long initialPending;
  private boolean informerSynced;
  private volatile Thread runner;
  private long nextResyncNanos;
  private int compactAt;
  private long polled;
  private long observedPolled = -1;
  private long busySinceNanos;
  private volatile boolean stuck;

  /**
   * @param keyOf        the cache key of an object, for compaction
   * @param backlogLimit how many notifications may wait before the backlog is compacted
   */
  HandlerLane(String informer, EventHandler<T> handler, HandlerOptions options, Executor executor,
              TaskTracker tracker, Clock clock, LongAdder informerFailures, Function<T, String> keyOf, int backlogLimit) {
    this.informer = informer;
    this.handler = handler;
    this.keyOf = keyOf;
    this.backlogLimit = backlogLimit;
    this.compactAt = backlogLimit;
    this.options = options;
    this.executor = executor;
    this.tracker = tracker;
    this.clock = clock;
    this.informerFailures = informerFailures;
    this.failureWarning = new ThrottledWarning(log, clock);
    this.nextResyncNanos = clock.nanoTime() + options.resyncPeriod().toNanos();
  }

  /** Enqueues notifications for delivery in order. Ignored once removed. */
  void enqueue(List<Notification<T>> notifications) {
    if (notifications.isEmpty()) {
      return;
    }
    boolean schedule;
    synchronized (this) {
      if (removed) {
        return;
      }
      for (Notification<T> n : notifications) {
        if (n.isInitialAdd()) {
          initialPending++;
        }
      }
      chunks.add(new Chunk<>(notifications, clock.nanoTime()));
      pending += notifications.size();
      if (pending > compactAt) {
        compactLocked();
      }
      schedule = !scheduled;
      scheduled = true;
    }
    if (schedule && !tracker.execute(executor, this::drain)) {
      markRemoved();
    }
  }

  /** Must hold the lock. Replaces the backlog with its compacted form; see the class comment. */
  private void compactLocked() {
    List<Notification<T>> backlog = new ArrayList<>(pending);
    long oldest = chunks.peek().enqueuedNanos;
    for (Chunk<T> chunk : chunks) {
      backlog.addAll(chunk.items.subList(chunk.next, chunk.items.size()));
    }
    List<Notification<T>> compacted = BacklogCompactor.compact(backlog, keyOf);
    initialPending += countInitialAdds(compacted) - countInitialAdds(backlog);
    chunks.clear();
    if (!compacted.isEmpty()) {
      chunks.add(new Chunk<>(compacted, oldest));
    }
    log.debug("informer {}: {} had {} notifications waiting; compacted to {}", informer, this, backlog.size(),
        compacted.size());
    pending = compacted.size();
    compactAt = Math.max(backlogLimit, 2 * pending);
    if (initialPending == 0 && informerSynced) {
      synced.complete(null);
    }
  }

  private static <T> int countInitialAdds(List<Notification<T>> notifications) {
    int count = 0;
    for (Notification<T> n : notifications) {
      if (n.isInitialAdd()) {
        count++;
      }
    }
    return count;
  }

  /** Tells the lane the informer's first list is in the cache; the lane syncs once its initial adds are delivered. */
  void informerSynced() {
    synchronized (this) {
      informerSynced = true;
      if (initialPending > 0) {
        return;
      }
    }
    synced.complete(null);
  }

  private void drain() {
    runner = Thread.currentThread();
    try {
      for (int delivered = 0; delivered < SLICE; delivered++) {
        Notification<T> next = poll();
        if (next == null) {
          return;
        }
        deliver(next);
      }
      synchronized (this) {
        if (pending == 0 || removed) {
          scheduled = false;
          finishIfRemoved();
          return;
        }
      }
      if (!tracker.execute(executor, this::drain)) {
        markRemoved();
      }
    } finally {
      if (runner == Thread.currentThread()) {
        runner = null;
      }
    }
  }

  /** Takes the next notification, or returns null and unschedules the lane when there is none. */
  private synchronized Notification<T> poll() {
    Chunk<T> head = chunks.peek();
    if (head == null || removed) {
      scheduled = false;
      finishIfRemoved();
      return null;
    }
    Notification<T> n = head.items.get(head.next++);
    if (head.next == head.items.size()) {
      chunks.poll();
    }
    pending--;
    if (pending == 0) {
      compactAt = backlogLimit;
    }
    polled++;
    return n;
  }

  private void deliver(Notification<T> n) {
    try {
      n.deliver(handler);
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable e) {
      failures.increment();
      informerFailures.increment();
      failureWarning.log("informer {}: handler '{}' threw on {}; the notification is skipped, delivery continues",
          informer, options.name(), n.getClass().getSimpleName(), e);
    } finally {
      if (n.isInitialAdd()) {
        initialAddDone();
      }
    }
  }

  private void initialAddDone() {
    synchronized (this) {
      initialPending--;
      if (initialPending > 0 || !informerSynced) {
        return;
      }
    }
    synced.complete(null);
  }

  /** Stops delivery: drops queued notifications; the one being delivered finishes. Idempotent. */
  void markRemoved() {
    synchronized (this) {
      removed = true;
      chunks.clear();
      pending = 0;
      finishIfRemoved();
    }
  }

  /** Must hold the lock. Completes {@code finished} when removed and no task will run any more. */
  private void finishIfRemoved() {
    if (removed && !scheduled) {
      finished.complete(null);
    }
  }

  /** Completes when the lane was removed and no delivery runs any more. */
  CompletableFuture<Void> finished() {
    return finished;
  }

  /**
   * Samples the lane for the {@link StallMonitor}: returns how long the notification being delivered
   * at {@code nowNanos} has been running, as far as samples can tell (zero when the lane is idle or
   * has moved on since the last sample).
   */
  synchronized long busyNanos(long nowNanos) {
    if (runner == null || polled != observedPolled) {
      observedPolled = polled;
      busySinceNanos = nowNanos;
      return 0;
    }
    return nowNanos - busySinceNanos;
  }

  /** Returns the thread delivering this lane's notification, or null. */
  Thread runner() {
    return runner;
  }

  /** Set by the {@link StallMonitor}: whether the handler is stuck in one notification. */
  void markStuck(boolean value) {
    stuck = value;
  }

  @Override
  public boolean isStuck() {
    return stuck;
  }

  /** Returns true when the calling thread is delivering this lane's notification. */
  boolean isDeliveringOnCurrentThread() {
    return runner == Thread.currentThread();
  }

  /** Returns true, and schedules the next resync, when this handler's resync is due at {@code nowNanos}. */
  synchronized boolean takeResyncIfDue(long nowNanos) {
    long period = options.resyncPeriod().toNanos();
    if (period == 0 || nowNanos - nextResyncNanos < 0) {
      return false;
    }
    nextResyncNanos = nowNanos + period;
    return true;
  }

  @Override
  public String name() {
    return options.name();
  }

  @Override
  public boolean hasSynced() {
    return synced.isDone();
  }

  @Override
  public CompletableFuture<Void> synced() {
    return synced;
  }

  @Override
  public Duration resyncPeriod() {
    return options.resyncPeriod();
  }

  @Override
  public synchronized int pending() {
    return pending;
  }

  @Override
  public synchronized Duration lag() {
    Chunk<T> head = chunks.peek();
    return head == null ? Duration.ZERO : Duration.ofNanos(Math.max(0, clock.nanoTime() - head.enqueuedNanos));
  }

  @Override
  public long failures() {
    return failures.sum();
  }

  @Override
  public synchronized boolean isRemoved() {
    return removed;
  }

  @Override
  public String toString() {
    return "handler '" + options.name() + "' of informer " + informer;
  }
}
