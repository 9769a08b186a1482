package io.informer4j.informer;

import io.informer4j.informer.internal.ElasticThreadPool;
import io.informer4j.informer.internal.RecurringTask;
import io.informer4j.informer.internal.StallMonitor;
import io.informer4j.time.Clock;
import io.informer4j.time.ExecutorScheduler;
import io.informer4j.time.Scheduler;
import io.informer4j.time.internal.ThreadNames;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads informers run on, shared by any number of informers and handlers, so the thread count
 * does not grow with them:
 * <ul>
 *   <li>an I/O pool for blocking list calls and watch opening (at most {@code ioThreads} at once);
 *   <li>a cache pool that applies changes to caches, each informer as its own serial lane (at most
 *       {@code cacheThreads}); it never runs handler code, so no handler can hold up a cache;
 *   <li>a dispatch pool that runs handlers, each handler as its own serial lane (at most
 *       {@code dispatchThreads}); a handler that blocks holds one dispatch thread, the others keep
 *       serving its siblings, and while handlers stay blocked for more than two seconds the pool may
 *       grow by one thread for each (up to three times its size) so they cannot starve the rest; a
 *       handler busy with one notification for longer than the stuck threshold is reported stuck;
 *   <li>one timer thread for backoff, resync, watch timeouts and the handler watch;
 *   <li>threads it hands out for loops of their own (a Manager's controller workers), which it
 *       joins when it stops.
 * </ul>
 * Periodic blocking work (leader election, shard leases, etcd sessions) runs on the I/O pool between
 * delays on the timer ({@link #scheduleWithFixedDelay}).
 * A pool starts a thread only when work has waited 5 ms with all of its threads busy, so a light
 * load and a pipeline of short stages run on few threads, while work stuck behind a blocked thread
 * still gets one promptly; pool threads are daemons and end after 30 s idle. Watch events arrive on the backend's own
 * threads (for example its HTTP client's) and are only enqueued there.
 *
 * <p>Thread-safe. {@link #stop(Duration)} ends every thread; informers still using the runtime then
 * stop being served.
 */
public final class InformerRuntime implements AutoCloseable {

  private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);
  /** How long work waits for a busy pool before a thread is added for it. */
  private static final Duration THREAD_START_DELAY = Duration.ofMillis(5);

  private final String name;
  private final ThreadPoolExecutor io;
  private final ThreadPoolExecutor cache;
  private final ThreadPoolExecutor dispatch;
  private final StallMonitor stallMonitor;
  private final int handlerBacklogLimit;
  private final ScheduledThreadPoolExecutor timer;
  private final Scheduler scheduler;
  private final Clock clock;
  private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
  private final ThreadFactory ownedThreads;

  private InformerRuntime(Builder b) {
    this.name = b.name;
    String threads = ThreadNames.readable(b.name);
    this.timer = new ScheduledThreadPoolExecutor(1, threadFactory(threads + "-timer"));
    timer.setRemoveOnCancelPolicy(true);
    this.io = pool(threads + "-io", b.ioThreads);
    this.cache = pool(threads + "-cache", b.cacheThreads);
    this.dispatch = pool(threads + "-dispatch", b.dispatchThreads);
    this.scheduler = b.scheduler != null ? b.scheduler : new ExecutorScheduler(timer);
    this.clock = b.clock;
    this.stallMonitor = new StallMonitor(scheduler, clock, dispatch, b.dispatchThreads, b.handlerStuckThreshold);
    this.handlerBacklogLimit = b.handlerBacklogLimit;
    this.ownedThreads = threadFactory(threads + "-thread");
  }

  /** Returns a runtime with default sizes and the system clock. */
  public static InformerRuntime create(String name) {
    return builder(name).build();
  }

  /**
   * Starts configuring a runtime whose threads are named {@code informer4j-<name>-…} (whitespace
   * and commas in the name become {@code -}).
   */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  private ThreadPoolExecutor pool(String prefix, int size) {
    return ElasticThreadPool.create(size, IDLE_TIMEOUT, threadFactory(prefix), THREAD_START_DELAY, timer);
  }

  /** Names threads, makes them daemons and remembers the live ones, so {@link #close} can join them. */
  private ThreadFactory threadFactory(String prefix) {
    AtomicInteger counter = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, prefix + "-" + counter.incrementAndGet());
      thread.setDaemon(true);
      threads.removeIf(t -> !t.isAlive());
      threads.add(thread);
      return thread;
    };
  }

  /**
   * Returns a factory of daemon threads this runtime owns, for work that runs a loop of its own (a
   * controller's workers): {@link #stop(Duration)} joins them (after their owner stopped them; the
   * runtime does not interrupt them). Threads are named {@code informer4j-<name>-thread-<n>} until
   * their owner renames them.
   */
  public ThreadFactory threadFactory() {
    return ownedThreads;
  }

  /**
   * Runs {@code task}, which may block, on the I/O pool, first after {@code initialDelay}, then
   * {@code delay} after each run ended, until cancelled or the runtime stops; the delays run on the
   * runtime's timer. A run that throws is logged and the task goes on. For the periodic calls of
   * coordination backends (lease renewals, keep-alives).
   *
   * @param name names the task in logs
   * @return a handle that stops further runs (a run in progress finishes)
   */
  public Scheduler.Cancellable scheduleWithFixedDelay(String name, Duration initialDelay, Duration delay,
                                                     Runnable task) {
    Objects.requireNonNull(task, "task");
    if (delay.isNegative() || delay.isZero()) {
      throw new IllegalArgumentException("the delay between runs must be positive: " + delay);
    }
    return RecurringTask.start(name, scheduler, io, initialDelay, delay, task);
  }

  /** Returns the pool for blocking source calls. */
  public Executor io() {
    return io;
  }

  /** Returns the pool that applies changes to caches; it runs no handler code. */
  public Executor cache() {
    return cache;
  }

  /** Returns the pool that runs handlers. */
  public Executor dispatch() {
    return dispatch;
  }

  /** Returns the watch over this runtime's handlers; for informers built on it. */
  StallMonitor stallMonitor() {
    return stallMonitor;
  }

  /** Returns how many notifications may wait for one handler before its backlog is compacted per object. */
  public int handlerBacklogLimit() {
    return handlerBacklogLimit;
  }

  /** Returns the timer. */
  public Scheduler scheduler() {
    return scheduler;
  }

  /** Returns the clock. */
  public Clock clock() {
    return clock;
  }

  /** Returns the runtime's name. */
  public String name() {
    return name;
  }

  /** Returns true once a stop has begun ({@link #stop()}, {@link #stop(Duration)} or {@link #close()}). */
  public boolean isStopped() {
    return dispatch.isShutdown();
  }

  /** Stops accepting work and interrupts running tasks, without waiting; threads end shortly after. */
  public void stop() {
    stallMonitor.close();
    io.shutdownNow();
    cache.shutdownNow();
    dispatch.shutdownNow();
    timer.shutdownNow();
  }

  /**
   * Stops accepting work, interrupts running tasks and waits for every thread to end (joined, so
   * none is alive when this returns true).
   *
   * @return true if all threads ended within the timeout
   */
  public boolean stop(Duration timeout) throws InterruptedException {
    stop();
    long deadline = System.nanoTime() + timeout.toNanos();
    boolean terminated = io.awaitTermination(remaining(deadline), TimeUnit.NANOSECONDS)
        && cache.awaitTermination(remaining(deadline), TimeUnit.NANOSECONDS)
        && dispatch.awaitTermination(remaining(deadline), TimeUnit.NANOSECONDS)
        && timer.awaitTermination(remaining(deadline), TimeUnit.NANOSECONDS);
    for (Thread thread : threads) {
      if (thread != Thread.currentThread()) {
        TimeUnit.NANOSECONDS.timedJoin(thread, remaining(deadline));
      }
    }
    return terminated && threads.stream().noneMatch(t -> t != Thread.currentThread() && t.isAlive());
  }

  private static long remaining(long deadline) {
    return Math.max(0, deadline - System.nanoTime());
  }

  /** Stops, waiting up to 10 seconds for threads to end (see {@link #stop(Duration)}). */
  @Override
  public void close() {
    try {
      stop(Duration.ofSeconds(10));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Configures an {@link InformerRuntime}. Not thread-safe. */
  public static final class Builder {
    private final String name;
    private int ioThreads = 4;
    private int cacheThreads = Math.max(2, Runtime.getRuntime().availableProcessors());
    private int dispatchThreads = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
    private Duration handlerStuckThreshold = Duration.ofSeconds(30);
    private int handlerBacklogLimit = 10_000;
    private Clock clock = Clock.system();
    private Scheduler scheduler;

    private Builder(String name) {
      this.name = "informer4j-" + Objects.requireNonNull(name, "name");
    }

    /** Sets how many source calls may block at once (default 4). */
    public Builder ioThreads(int threads) {
      this.ioThreads = positive(threads);
      return this;
    }

    /** Sets how many threads apply changes to caches (default max(2, cores)). */
    public Builder cacheThreads(int threads) {
      this.cacheThreads = positive(threads);
      return this;
    }

    /** Sets how many threads run handlers (default max(4, 2 × cores)). */
    public Builder dispatchThreads(int threads) {
      this.dispatchThreads = positive(threads);
      return this;
    }

    /**
     * Sets how long a handler may be busy with one notification before it is reported stuck
     * (default 30 s): flagged in status and metrics, logged once with where its thread is.
     */
    public Builder handlerStuckThreshold(Duration threshold) {
      if (threshold.isNegative() || threshold.isZero()) {
        throw new IllegalArgumentException("stuck-handler threshold must be positive: " + threshold);
      }
      this.handlerStuckThreshold = threshold;
      return this;
    }

    /**
     * Sets how many notifications may wait for one handler before its backlog is compacted to at
     * most two per object (default 10,000); see {@link HandlerRegistration#pending()}.
     */
    public Builder handlerBacklogLimit(int limit) {
      this.handlerBacklogLimit = positive(limit);
      return this;
    }

    /**
     * Uses {@code clock} for time and {@code scheduler} for timers, for example one
     * {@link io.informer4j.time.ManualClock} as both.
     */
    public Builder time(Clock clock, Scheduler scheduler) {
      this.clock = Objects.requireNonNull(clock, "clock");
      this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
      return this;
    }

    private static int positive(int n) {
      if (n < 1) {
        throw new IllegalArgumentException("must be at least 1: " + n);
      }
      return n;
    }

    /** Returns the runtime; its threads start on demand. */
    public InformerRuntime build() {
      return new InformerRuntime(this);
    }
  }
}
