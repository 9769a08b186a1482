package io.informer4j.informer.internal;

import java.time.Duration;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A thread pool that starts a thread only when a task arrives and every thread it has is busy, up to
 * {@code maxThreads}; past that, tasks wait in an unbounded queue. Threads idle for the keep-alive
 * time end. A plain {@link ThreadPoolExecutor} whose core size is its maximum starts a new thread for
 * each of its first tasks even while the others sit idle, so one informer's occasional calls would
 * fill the pool; here a light load runs on as few threads as it needs at once.
 *
 * <p>How: the queue's {@code offer} hands the task straight to a thread waiting for work if there is
 * one; otherwise it refuses while the pool is below its maximum, which makes the executor start a
 * thread, and accepts once the pool is full. A start that loses a race for the last slot lands in the
 * queue through the rejection handler. No task is lost: the executor keeps one thread alive while
 * its queue holds work. Tasks submitted after shutdown are rejected with
 * {@link RejectedExecutionException}.
 *
 * <p>Thread-safe, as every {@link ThreadPoolExecutor}.
 */
public final class ElasticThreadPool extends ThreadPoolExecutor {

  private ElasticThreadPool(int maxThreads, Duration keepAlive, ThreadFactory factory, HandOffQueue queue) {
    super(0, maxThreads, keepAlive.toNanos(), TimeUnit.NANOSECONDS, queue, factory, (task, pool) -> {
      if (pool.isShutdown()) {
        throw new RejectedExecutionException("the pool is shut down");
      }
      queue.enqueue(task);
    });
  }

  /**
   * Returns a pool of at most {@code maxThreads} threads made by {@code factory}, each ending after
   * {@code keepAlive} without work.
   *
   * @throws IllegalArgumentException if {@code maxThreads} is below 1 or {@code keepAlive} not positive
   */
  public static ElasticThreadPool create(int maxThreads, Duration keepAlive, ThreadFactory factory) {
    if (maxThreads < 1 || keepAlive.isNegative() || keepAlive.isZero()) {
      throw new IllegalArgumentException("need at least one thread and a positive keep-alive: "
          + maxThreads + ", " + keepAlive);
    }
    HandOffQueue queue = new HandOffQueue();
    ElasticThreadPool pool = new ElasticThreadPool(maxThreads, keepAlive, factory, queue);
    queue.pool = pool;
    return pool;
  }

  /** The work queue; see the class comment for its {@code offer} rule. */
  private static final class HandOffQueue extends LinkedTransferQueue<Runnable> {

    private volatile ThreadPoolExecutor pool;

    @Override
    public boolean offer(Runnable task) {
      if (tryTransfer(task)) {
        return true;
      }
      if (pool.getPoolSize() < pool.getMaximumPoolSize()) {
        return false;
      }
      return super.offer(task);
    }

    void enqueue(Runnable task) {
      super.offer(task);
    }
  }
}
