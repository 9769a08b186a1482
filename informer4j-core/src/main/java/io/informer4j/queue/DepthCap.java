package io.informer4j.queue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The soft depth cap of one queue: the limit (0 = none), the count of rejected adds and a WARN log
 * limited to one line per 10 s. Which adds it applies to is the queue's rule (see
 * {@link WorkQueueBuilder#maxDepth(int)}). Thread-safe for reads; {@link #reject} runs under the
 * queue's lock.
 */
final class DepthCap {

  private static final long WARNING_INTERVAL_NANOS = Duration.ofSeconds(10).toNanos();

  private final String queueName;
  private final Logger log;
  private final AtomicLong rejected = new AtomicLong();
  private volatile int limit;
  private long lastWarningNanos;
  private long rejectedSinceWarning;
  private boolean warned;

  DepthCap(String queueName, int limit) {
    this(queueName, limit, LoggerFactory.getLogger(DepthCap.class));
  }

  /** As {@link #DepthCap(String, int)}, warning to {@code log}. */
  DepthCap(String queueName, int limit, Logger log) {
    this.queueName = queueName;
    this.log = log;
    this.limit = WorkQueueBuilder.checkMaxDepth(limit);
  }

  /** Returns true when a queue holding {@code queued} ready items must reject a new item. */
  boolean isFull(int queued) {
    int cap = limit;
    return cap > 0 && queued >= cap;
  }

  /** Counts a rejection of {@code item} and logs it unless a warning was logged in the last 10 s. */
  void reject(Object item, long nowNanos) {
    rejected.incrementAndGet();
    rejectedSinceWarning++;
    if (!warned || nowNanos - lastWarningNanos >= WARNING_INTERVAL_NANOS) {
      log.warn("work queue '{}' is at its depth cap of {}: rejected new item {} ({} rejected since the last warning)",
          queueName, limit, item, rejectedSinceWarning);
      warned = true;
      lastWarningNanos = nowNanos;
      rejectedSinceWarning = 0;
    }
  }

  long rejected() {
    return rejected.get();
  }

  int limit() {
    return limit;
  }

  void setLimit(int limit) {
    this.limit = WorkQueueBuilder.checkMaxDepth(limit);
  }
}
