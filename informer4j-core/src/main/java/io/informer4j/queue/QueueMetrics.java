package io.informer4j.queue;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The metrics of one work queue, under client-go's names (and help texts) with client-go's
 * {@code name} label, and client-go's and controller-runtime's duration buckets. A queue built
 * without a {@link MeterRegistry} gets {@link #NONE}: no meters, no clock reads for durations and no
 * ticker. With a registry, the two in-flight gauges are computed when scraped, so no ticker runs
 * either. Thread-safe.
 */
interface QueueMetrics {

  /** Records nothing. */
  QueueMetrics NONE = new QueueMetrics() {
    @Override
    public boolean timed() {
      return false;
    }

    @Override
    public void added() {
    }

    @Override
    public void handedOut(long queuedNanos) {
    }

    @Override
    public void finished(long workNanos) {
    }

    @Override
    public void retried() {
    }

    @Override
    public void rejected() {
    }

    @Override
    public void close() {
    }
  };

  /** Returns true when durations are recorded, so the queue must read its clock. */
  boolean timed();

  /** An item became dirty ({@code workqueue_adds_total}). */
  void added();

  /** An item was handed out after waiting {@code queuedNanos} ({@code workqueue_queue_duration_seconds}). */
  void handedOut(long queuedNanos);

  /** An item was done after {@code workNanos} of processing ({@code workqueue_work_duration_seconds}). */
  void finished(long workNanos);

  /** A delayed or rate-limited add ({@code workqueue_retries_total}). */
  void retried();

  /** A depth cap rejected an add ({@code workqueue_depth_cap_rejections_total}). */
  void rejected();

  /** Removes the meters from their registry. Idempotent. */
  void close();

  /** Returns Micrometer metrics for {@code queue} in {@code registry}, registered now. */
  static QueueMetrics micrometer(MeterRegistry registry, StandardWorkQueue<?> queue) {
    return new Micrometer(registry, queue);
  }

  /**
   * Returns Micrometer metrics for {@code queue} in {@code registry} that register their meters on
   * the queue's first add, retry or rejection: a queue that is never used publishes no series.
   */
  static QueueMetrics micrometerOnFirstAdd(MeterRegistry registry, StandardWorkQueue<?> queue) {
    return new OnFirstAdd(registry, queue);
  }

  /** Registers {@link Micrometer} metrics when the queue is first given an item; records nothing before. */
  final class OnFirstAdd implements QueueMetrics {
    private final MeterRegistry registry;
    private final StandardWorkQueue<?> queue;
    private volatile QueueMetrics bound = NONE;
    private boolean closed;

    OnFirstAdd(MeterRegistry registry, StandardWorkQueue<?> queue) {
      this.registry = registry;
      this.queue = queue;
    }

    private QueueMetrics bind() {
      QueueMetrics current = bound;
      if (current != NONE) {
        return current;
      }
      synchronized (this) {
        if (bound == NONE && !closed) {
          bound = new Micrometer(registry, queue);
        }
        return bound;
      }
    }

    @Override
    public boolean timed() {
      return true;
    }

    @Override
    public void added() {
      bind().added();
    }

    @Override
    public void handedOut(long queuedNanos) {
      bound.handedOut(queuedNanos);
    }

    @Override
    public void finished(long workNanos) {
      bound.finished(workNanos);
    }

    @Override
    public void retried() {
      bind().retried();
    }

    @Override
    public void rejected() {
      bind().rejected();
    }

    @Override
    public synchronized void close() {
      closed = true;
      bound.close();
    }
  }

  /** The Micrometer implementation. */
  final class Micrometer implements QueueMetrics {
    /**
     * client-go's and controller-runtime's buckets for both durations,
     * {@code prometheus.ExponentialBuckets(10e-9, 10, 12)}: powers of ten from 10 ns to 1000 s.
     */
    private static final Duration[] BUCKETS = buckets();

    private final MeterRegistry registry;
    private final Counter adds;
    private final Counter retries;
    private final Counter rejections;
    private final Timer queueDuration;
    private final Timer workDuration;
    private final List<Meter> meters;

    Micrometer(MeterRegistry registry, StandardWorkQueue<?> queue) {
      this.registry = registry;
      Tags tags = Tags.of("name", queue.name());
      Gauge depth = Gauge.builder("workqueue_depth", queue, StandardWorkQueue::len)
          .description("Current depth of workqueue").tags(tags).strongReference(true).register(registry);
      adds = Counter.builder("workqueue_adds_total")
          .description("Total number of adds handled by workqueue").tags(tags).register(registry);
      retries = Counter.builder("workqueue_retries_total")
          .description("Total number of retries handled by workqueue").tags(tags).register(registry);
      rejections = Counter.builder("workqueue_depth_cap_rejections_total")
          .description("Adds of new items rejected because the queue was at its depth cap").tags(tags).register(registry);
      queueDuration = timer("workqueue_queue_duration_seconds",
          "How long in seconds an item stays in workqueue before being requested", tags);
      workDuration = timer("workqueue_work_duration_seconds",
          "How long in seconds processing an item from workqueue takes", tags);
      Gauge unfinished = Gauge.builder("workqueue_unfinished_work_seconds", queue, StandardWorkQueue::unfinishedWorkSeconds)
          .description("How many seconds of work has been done that is in progress and hasn't been observed by work_duration")
          .tags(tags).strongReference(true).register(registry);
      Gauge longest = Gauge.builder("workqueue_longest_running_processor_seconds", queue,
              StandardWorkQueue::longestRunningProcessorSeconds)
          .description("How many seconds has the longest running processor for workqueue been running")
          .tags(tags).strongReference(true).register(registry);
      meters = List.of(depth, adds, retries, rejections, queueDuration, workDuration, unfinished, longest);
    }

    private Timer timer(String name, String description, Tags tags) {
      return Timer.builder(name).description(description).tags(tags)
          .serviceLevelObjectives(BUCKETS).register(registry);
    }

    private static Duration[] buckets() {
      Duration[] buckets = new Duration[12];
      long nanos = 10;
      for (int i = 0; i < buckets.length; i++) {
        buckets[i] = Duration.ofNanos(nanos);
        nanos *= 10;
      }
      return buckets;
    }

    @Override
    public boolean timed() {
      return true;
    }

    @Override
    public void added() {
      adds.increment();
    }

    @Override
    public void handedOut(long queuedNanos) {
      queueDuration.record(Math.max(0, queuedNanos), TimeUnit.NANOSECONDS);
    }

    @Override
    public void finished(long workNanos) {
      workDuration.record(Math.max(0, workNanos), TimeUnit.NANOSECONDS);
    }

    @Override
    public void retried() {
      retries.increment();
    }

    @Override
    public void rejected() {
      rejections.increment();
    }

    @Override
    public void close() {
      meters.forEach(registry::remove);
    }
  }
}
