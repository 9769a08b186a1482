package io.informer4j.time;

import java.time.Duration;
import java.time.Instant;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A clock and scheduler that move only when told: {@link #advance(Duration)} moves time and runs, on
 * the calling thread and in time order, every task that became due. Meant for tests of timing
 * rules (backoff, resync, requeue-after) without sleeping.
 *
 * <p>Thread-safe: tasks may be scheduled from any thread; due tasks run on the thread that advances.
 */
public final class ManualClock implements Clock, Scheduler {

  private final Instant epoch;
  private final PriorityQueue<Task> tasks = new PriorityQueue<>();
  private long nanos;
  private long sequence;

  /** Starts at {@code 2026-01-01T00:00:00Z} and monotonic time 0. */
  public ManualClock() {
    this(Instant.parse("2026-01-01T00:00:00Z"));
  }

  /** Starts at {@code epoch} and monotonic time 0. */
  public ManualClock(Instant epoch) {
    this.epoch = epoch;
  }

  @Override
  public synchronized long nanoTime() {
    return nanos;
  }

  @Override
  public synchronized Instant instant() {
    return epoch.plusNanos(nanos);
  }

  @Override
  public synchronized Cancellable schedule(Duration delay, Runnable task) {
    long due = nanos + Math.max(0, delay.toNanos());
    Task t = new Task(due, sequence++, task);
    tasks.add(t);
    return t::cancel;
  }

  /** Returns how many scheduled tasks have not run or been cancelled. */
  public synchronized int pendingTasks() {
    tasks.removeIf(t -> t.cancelled.get());
    return tasks.size();
  }

  /** Runs tasks already due (delay zero) without moving time. */
  public void runDue() {
    advance(Duration.ZERO);
  }

  /**
   * Moves time forward by {@code step}, running each task that becomes due at its due time, in
   * order; tasks scheduled by those tasks run too when due within the step.
   */
  public void advance(Duration step) {
    long target;
    synchronized (this) {
      target = nanos + step.toNanos();
    }
    while (true) {
      Task next;
      synchronized (this) {
        next = tasks.peek();
        if (next == null || next.due > target) {
          nanos = target;
          return;
        }
        tasks.poll();
        nanos = Math.max(nanos, next.due);
      }
      next.run();
    }
  }

  private static final class Task implements Comparable<Task> {
    final long due;
    final long order;
    final Runnable body;
    final AtomicBoolean cancelled = new AtomicBoolean();

    Task(long due, long order, Runnable body) {
      this.due = due;
      this.order = order;
      this.body = body;
    }

    boolean cancel() {
      return cancelled.compareAndSet(false, true);
    }

    void run() {
      if (cancelled.compareAndSet(false, true)) {
        body.run();
      }
    }

    @Override
    public int compareTo(Task o) {
      return due != o.due ? Long.compare(due, o.due) : Long.compare(order, o.order);
    }
  }
}
