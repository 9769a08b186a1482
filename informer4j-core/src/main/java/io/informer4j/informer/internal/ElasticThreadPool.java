package io.informer4j.informer.internal;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A thread pool that starts a thread only when work has to wait because every thread it has is
 * busy, up to {@code maxThreads}; past that, tasks wait in an unbounded queue. Threads idle for the
 * keep-alive time end. A plain {@link ThreadPoolExecutor} whose core size is its maximum starts a
 * new thread for each of its first tasks even while the others sit idle, so one informer's
 * occasional calls would fill the pool; here a light load runs on as few threads as it needs.
 *
 * <p>With a <em>start delay</em>, a task that finds every thread busy waits in the queue, and a
 * thread is added only once the oldest waiting task has waited that long — so a task submitted by
 * a pool thread that is about to finish (a pipeline handing work to its next stage) runs on that
 * same thread instead of waking a new one, while a task stuck behind a blocked thread still gets a
 * thread within about the delay. At most one thread is added per delay. Without a start delay a
 * thread is added at once.
 *
 * <p>How: the queue's {@code offer} hands the task straight to a thread waiting for work if there is
 * one. Otherwise, without a delay, it refuses while the pool is below its maximum, which makes the
 * executor start a thread; with a delay it queues the task with its arrival time and arms a check
 * on the timer, which starts a thread (by submitting a no-op the queue refuses) when the head of the
 * queue is old enough. A start that loses a race for the last slot lands in the queue through the
 * rejection handler. No task is lost: the executor keeps one thread alive while its queue holds
 * work. Tasks submitted after shutdown are rejected with {@link RejectedExecutionException}.
 *
 * <p>Thread-safe, as every {@link ThreadPoolExecutor}.
 */
public final class ElasticThreadPool extends ThreadPoolExecutor {

  /** Submitted by the start check: makes the executor start a thread, which then takes queued work. */
  private static final Runnable START_THREAD = () -> { };

  private final HandOffQueue queue;
  private final long startDelayNanos;
  private final ScheduledExecutorService timer;
  private final AtomicBoolean checkArmed = new AtomicBoolean();

  private ElasticThreadPool(int maxThreads, Duration keepAlive, ThreadFactory factory, HandOffQueue queue,
                            long startDelayNanos, ScheduledExecutorService timer) {
    super(0, maxThreads, keepAlive.toNanos(), TimeUnit.NANOSECONDS, queue, factory, (task, pool) -> {
      if (pool.isShutdown()) {
        throw new RejectedExecutionException("the pool is shut down");
      }
      queue.enqueue(task);
    });
    this.queue = queue;
    this.startDelayNanos = startDelayNanos;
    this.timer = timer;
  }

  /**
   * Returns a pool of at most {@code maxThreads} threads made by {@code factory}, each ending after
   * {@code keepAlive} without work, that starts a thread as soon as a task finds all threads busy.
   *
   * @throws IllegalArgumentException if {@code maxThreads} is below 1 or {@code keepAlive} not positive
   */
  public static ElasticThreadPool create(int maxThreads, Duration keepAlive, ThreadFactory factory) {
    return create(maxThreads, keepAlive, factory, Duration.ZERO, null);
  }

  /**
   * Returns a pool of at most {@code maxThreads} threads made by {@code factory}, each ending after
   * {@code keepAlive} without work, that starts a thread only for work that waited
   * {@code startDelay} with all threads busy, checked on {@code timer} (which must outlive the pool;
   * once it refuses work, no more threads are added for waiting work beyond the one the executor
   * always keeps).
   *
   * @param timer required when {@code startDelay} is positive, else unused
   * @throws IllegalArgumentException if {@code maxThreads} is below 1, {@code keepAlive} not positive
   *     or {@code startDelay} negative
   */
  public static ElasticThreadPool create(int maxThreads, Duration keepAlive, ThreadFactory factory,
                                         Duration startDelay, ScheduledExecutorService timer) {
    if (maxThreads < 1 || keepAlive.isNegative() || keepAlive.isZero() || startDelay.isNegative()) {
      throw new IllegalArgumentException("need at least one thread, a positive keep-alive and no negative start delay: "
          + maxThreads + ", " + keepAlive + ", " + startDelay);
    }
    if (!startDelay.isZero()) {
      Objects.requireNonNull(timer, "timer");
    }
    HandOffQueue queue = new HandOffQueue();
    ElasticThreadPool pool = new ElasticThreadPool(maxThreads, keepAlive, factory, queue, startDelay.toNanos(), timer);
    queue.pool = pool;
    return pool;
  }

  private boolean full() {
    return getPoolSize() >= getMaximumPoolSize();
  }

  /**
   * Changes the maximum; when it rises while work waits, threads are started for that work as if it
   * had just waited the start delay.
   */
  @Override
  public void setMaximumPoolSize(int maximumPoolSize) {
    boolean raised = maximumPoolSize > getMaximumPoolSize();
    super.setMaximumPoolSize(maximumPoolSize);
    if (!raised || queue.isEmpty() || isShutdown()) {
      return;
    }
    if (startDelayNanos == 0) {
      try {
        execute(START_THREAD);
      } catch (RejectedExecutionException shutDown) {
        // nothing waits any more
      }
    } else {
      armStartCheck(0);
    }
  }

  /** Arms one start check {@code delayNanos} from now unless one is armed already. */
  private void armStartCheck(long delayNanos) {
    if (checkArmed.compareAndSet(false, true)) {
      try {
        timer.schedule(this::startCheck, delayNanos, TimeUnit.NANOSECONDS);
      } catch (RejectedExecutionException timerStopped) {
        checkArmed.set(false);
      }
    }
  }

  /** Adds a thread if the oldest waiting task waited the start delay, and checks again while work waits. */
  private void startCheck() {
    checkArmed.set(false);
    Runnable head = queue.peek();
    if (head == null || isShutdown()) {
      return;
    }
    long waited = head instanceof Waiting waiting ? System.nanoTime() - waiting.sinceNanos : startDelayNanos;
    if (waited < startDelayNanos) {
      armStartCheck(startDelayNanos - waited);
      return;
    }
    if (!full()) {
      try {
        execute(START_THREAD);
      } catch (RejectedExecutionException shutDown) {
        return;
      }
    }
    armStartCheck(startDelayNanos);
  }

  /** A queued task and when it was queued. */
  private static final class Waiting implements Runnable {
    final Runnable task;
    final long sinceNanos;

    Waiting(Runnable task, long sinceNanos) {
      this.task = task;
      this.sinceNanos = sinceNanos;
    }

    @Override
    public void run() {
      task.run();
    }
  }

  /** The work queue; see the class comment for its {@code offer} rule. */
  private static final class HandOffQueue extends LinkedTransferQueue<Runnable> {

    private volatile ElasticThreadPool pool;

    @Override
    public boolean offer(Runnable task) {
      if (task == START_THREAD) {
        return pool.full();
      }
      if (tryTransfer(task)) {
        return true;
      }
      if (pool.full()) {
        return super.offer(task);
      }
      if (pool.startDelayNanos == 0) {
        return false;
      }
      super.offer(new Waiting(task, System.nanoTime()));
      pool.armStartCheck(pool.startDelayNanos);
      return true;
    }

    void enqueue(Runnable task) {
      super.offer(task);
    }
  }
}
