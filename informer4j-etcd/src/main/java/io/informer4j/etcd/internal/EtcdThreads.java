package io.informer4j.etcd.internal;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.time.ExecutorScheduler;
import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where the watches of one etcd lister-watcher run their own work: a timer (watch timeouts) and an
 * executor that streams initial states. Events themselves arrive on jetcd's threads.
 *
 * @param timer         schedules watch timeouts
 * @param initialStates reads and streams initial states (blocking reads)
 */
public record EtcdThreads(Scheduler timer, Executor initialStates) {

  private static final int INITIAL_STATE_THREADS = 4;
  private static final Duration IDLE = Duration.ofSeconds(30);

  /** Returns the threads of {@code runtime}: its timer and its I/O pool. */
  public static EtcdThreads of(InformerRuntime runtime) {
    return new EtcdThreads(runtime.scheduler(), runtime.io());
  }

  /**
   * Returns threads of a lister-watcher's own, for one built without a runtime: one timer thread and
   * up to four initial-state threads, daemons named {@code informer4j-etcd-<name>-…}, created on demand
   * and ended after 30 s without work (the timer's once no watch timeout is pending), so a
   * lister-watcher no longer used leaves no thread.
   */
  public static EtcdThreads owned(String name) {
    ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, daemons("informer4j-etcd-" + name + "-timer"));
    timer.setRemoveOnCancelPolicy(true);
    timer.setKeepAliveTime(IDLE.toNanos(), TimeUnit.NANOSECONDS);
    timer.allowCoreThreadTimeOut(true);
    ThreadPoolExecutor initial = new ThreadPoolExecutor(INITIAL_STATE_THREADS, INITIAL_STATE_THREADS, IDLE.toNanos(),
        TimeUnit.NANOSECONDS, new LinkedBlockingQueue<>(), daemons("informer4j-etcd-" + name + "-initial"));
    initial.allowCoreThreadTimeOut(true);
    return new EtcdThreads(new ExecutorScheduler(timer), initial);
  }

  private static ThreadFactory daemons(String prefix) {
    AtomicInteger counter = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, prefix + "-" + counter.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
