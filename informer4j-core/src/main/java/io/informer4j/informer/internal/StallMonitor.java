package io.informer4j.informer.internal;

import io.informer4j.time.Clock;
import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the handler lanes of one runtime for handlers that do not return. Every second it samples
 * each lane ({@link HandlerLane#busyNanos}):
 * <ul>
 *   <li>a lane busy with one notification for {@value #BLOCKED_AFTER_SECONDS} s or more is
 *       <em>blocked</em>: for each blocked lane the dispatch pool may run one more thread (up to
 *       three times its configured size), so handlers that block cannot starve the others — the
 *       pool shrinks back when they return;</li>
 *   <li>a lane busy for the stuck threshold or more is <em>stuck</em>: it is flagged
 *       ({@link HandlerLane#isStuck()}, shown in the informer's status and metrics) and logged once
 *       per episode at WARN with where its thread is, and once at INFO when it returns.</li>
 * </ul>
 * The cache never waits for handlers, so neither state delays any cache. Thread-safe.
 */
public final class StallMonitor {

  private static final Logger log = LoggerFactory.getLogger(StallMonitor.class);
  static final long BLOCKED_AFTER_SECONDS = 2;
  private static final Duration PERIOD = Duration.ofSeconds(1);
  private static final int STACK_FRAMES = 8;

  private final Scheduler scheduler;
  private final Clock clock;
  private final ThreadPoolExecutor dispatch;
  private final int dispatchThreads;
  private final long stuckNanos;
  private final Set<HandlerLane<?>> lanes = ConcurrentHashMap.newKeySet();
  private boolean ticking;
  private boolean closed;

  /**
   * @param dispatch        the pool handlers run on, whose maximum size this adjusts
   * @param dispatchThreads its configured maximum
   * @param stuckThreshold  how long one notification may run before the handler counts as stuck
   */
  public StallMonitor(Scheduler scheduler, Clock clock, ThreadPoolExecutor dispatch, int dispatchThreads,
                      Duration stuckThreshold) {
    this.scheduler = scheduler;
    this.clock = clock;
    this.dispatch = dispatch;
    this.dispatchThreads = dispatchThreads;
    this.stuckNanos = stuckThreshold.toNanos();
  }

  /** Starts watching a lane. */
  void register(HandlerLane<?> lane) {
    lanes.add(lane);
    synchronized (this) {
      if (!ticking && !closed) {
        ticking = schedule();
      }
    }
  }

  /** Stops watching a lane. */
  void unregister(HandlerLane<?> lane) {
    lanes.remove(lane);
    lane.markStuck(false);
  }

  /** Stops sampling. Idempotent. */
  public synchronized void close() {
    closed = true;
  }

  private boolean schedule() {
    try {
      scheduler.schedule(PERIOD, this::tick);
      return true;
    } catch (RejectedExecutionException timerStopped) {
      return false;
    }
  }

  private void tick() {
    long now = clock.nanoTime();
    int blocked = 0;
    for (HandlerLane<?> lane : lanes) {
      long busy = lane.busyNanos(now);
      if (busy >= BLOCKED_AFTER_SECONDS * 1_000_000_000L) {
        blocked++;
      }
      boolean stuck = busy >= stuckNanos;
      if (stuck != lane.isStuck()) {
        lane.markStuck(stuck);
        report(lane, stuck, busy);
      }
    }
    int allowed = dispatchThreads + Math.min(blocked, 2 * dispatchThreads);
    if (dispatch.getMaximumPoolSize() != allowed && !dispatch.isShutdown()) {
      dispatch.setMaximumPoolSize(allowed);
    }
    synchronized (this) {
      ticking = !closed && !lanes.isEmpty() && schedule();
    }
  }

  private static void report(HandlerLane<?> lane, boolean stuck, long busyNanos) {
    if (!stuck) {
      log.info("{} returned; it is no longer stuck", lane);
      return;
    }
    Thread thread = lane.runner();
    String where = thread == null ? "unknown" : Arrays.stream(thread.getStackTrace()).limit(STACK_FRAMES)
        .map(StackTraceElement::toString).collect(Collectors.joining("\n\tat ", "\n\tat ", ""));
    log.warn("{} has been busy with one notification for {} s and counts as stuck; the cache and other handlers go on, "
        + "its own notifications wait (compacted per object). Its thread {} is at:{}", lane,
        busyNanos / 1_000_000_000L, thread == null ? "?" : thread.getName(), where);
  }
}
