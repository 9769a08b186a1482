package io.informer4j.etcd.internal;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The etcd backend's own threads, shared by every watch in the JVM so their number does not grow
 * with types or watches: one timer thread (watch timeouts, progress requests) and a small pool that
 * streams initial states (at most 4 threads, ending after 30 s idle). Events themselves arrive on
 * jetcd's threads. All are daemons.
 */
public final class EtcdThreads {

  private static final int INITIAL_STATE_THREADS = 4;

  private EtcdThreads() {
  }

  /** Returns the shared timer. */
  public static ScheduledExecutorService timer() {
    return Holder.TIMER;
  }

  /** Returns the shared pool for streaming initial states. */
  public static ExecutorService initialStates() {
    return Holder.INITIAL;
  }

  private static ThreadFactory daemons(String prefix) {
    AtomicInteger counter = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, prefix + "-" + counter.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  private static final class Holder {
    static final ScheduledExecutorService TIMER = timerPool();
    static final ExecutorService INITIAL = initialPool();

    private static ScheduledExecutorService timerPool() {
      ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, daemons("informer4j-etcd-timer"));
      timer.setRemoveOnCancelPolicy(true);
      return timer;
    }

    private static ExecutorService initialPool() {
      ThreadPoolExecutor pool = new ThreadPoolExecutor(INITIAL_STATE_THREADS, INITIAL_STATE_THREADS, 30,
          TimeUnit.SECONDS, new LinkedBlockingQueue<>(), daemons("informer4j-etcd-initial"));
      pool.allowCoreThreadTimeOut(true);
      return pool;
    }
  }
}
