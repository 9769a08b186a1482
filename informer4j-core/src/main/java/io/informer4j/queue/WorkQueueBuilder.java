package io.informer4j.queue;

import io.informer4j.time.Clock;
import io.informer4j.time.Scheduler;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Objects;

/**
 * Builds work queues; obtained from {@link WorkQueue#builder()}. Every queue built is a
 * {@link PriorityWorkQueue} (so also a rate-limiting, delaying work queue).
 *
 * <p>Defaults: name {@value #DEFAULT_NAME}; system clock; a timer thread of the queue's own, started
 * on the first delayed add and ended by shutdown (give a shared {@link Scheduler} so that many
 * queues share one thread); no metrics; client-go's default controller rate limiter on the queue's
 * clock; FIFO ordering; no depth cap.
 *
 * <p>Not thread-safe; a builder may build several queues.
 *
 * @param <K> the item type
 */
public final class WorkQueueBuilder<K> {

  /**
   * The name of a queue built without one, and of the queue registry's default queue: the value of
   * its metrics' {@code name} label.
   */
  public static final String DEFAULT_NAME = "default";

  private String name = DEFAULT_NAME;
  private Clock clock = Clock.system();
  private Scheduler scheduler;
  private MeterRegistry meterRegistry;
  private boolean metricsOnFirstAdd;
  private RateLimiter<K> rateLimiter;
  private QueueOrdering ordering = QueueOrdering.fifo();
  private int maxDepth;

  WorkQueueBuilder() {
  }

  /** Sets the name used in logs and as the {@code name} tag of the metrics; give each queue with metrics its own. */
  public WorkQueueBuilder<K> name(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("work queue name must not be blank");
    }
    this.name = name;
    return this;
  }

  /** Sets the clock for delays, aging and metrics; use with a matching {@link #scheduler}. */
  public WorkQueueBuilder<K> clock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  /** Sets a shared scheduler for delayed adds; the queue then owns no thread. Not shut down by the queue. */
  public WorkQueueBuilder<K> scheduler(Scheduler scheduler) {
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    return this;
  }

  /** Publishes the queue's metrics to {@code registry}; without one the queue has no metrics. */
  public WorkQueueBuilder<K> meterRegistry(MeterRegistry registry) {
    this.meterRegistry = Objects.requireNonNull(registry, "registry");
    return this;
  }

  /**
   * Registers the metrics on the queue's first add (or delayed add, or rejection) rather than at
   * build time, so a queue kept in reserve publishes no series until it is used.
   */
  WorkQueueBuilder<K> metricsOnFirstAdd() {
    this.metricsOnFirstAdd = true;
    return this;
  }

  /** Sets the rate limiter for {@link RateLimitingQueue#addRateLimited}; one instance per queue. */
  public WorkQueueBuilder<K> rateLimiter(RateLimiter<K> rateLimiter) {
    this.rateLimiter = Objects.requireNonNull(rateLimiter, "rateLimiter");
    return this;
  }

  /** Sets the hand-out order: {@link QueueOrdering#fifo()} (default) or {@link QueueOrdering#priority()}. */
  public WorkQueueBuilder<K> ordering(QueueOrdering ordering) {
    this.ordering = Objects.requireNonNull(ordering, "ordering");
    return this;
  }

  /**
   * Sets a soft depth cap ({@link PriorityWorkQueue#UNBOUNDED}, the default, means none). When {@link WorkQueue#len()} has reached it,
   * {@link WorkQueue#add} rejects an item that is not queued, not being processed and not waiting
   * for a delayed add, and counts the rejection. An add for an item the queue already holds is
   * never rejected (it is coalesced, or re-queued by {@code done}), and delayed or rate-limited
   * adds are never rejected, so no update for a known item is lost.
   *
   * @throws IllegalArgumentException if negative
   */
  public WorkQueueBuilder<K> maxDepth(int maxDepth) {
    this.maxDepth = checkMaxDepth(maxDepth);
    return this;
  }

  static int checkMaxDepth(int maxDepth) {
    if (maxDepth < 0) {
      throw new IllegalArgumentException("work queue max depth must be UNBOUNDED (0) or positive, got " + maxDepth);
    }
    return maxDepth;
  }

  /** Builds a new queue with the current settings. */
  public PriorityWorkQueue<K> build() {
    RateLimiter<K> limiter = rateLimiter != null ? rateLimiter : RateLimiter.defaultController(clock);
    return new StandardWorkQueue<>(name, clock, scheduler, meterRegistry, metricsOnFirstAdd, limiter, ordering, maxDepth);
  }
}
