package io.informer4j.controller;

import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueOrdering;
import io.informer4j.queue.RateLimiter;
import io.informer4j.queue.WorkQueue;
import io.informer4j.time.Clock;
import io.informer4j.time.Scheduler;
import io.informer4j.time.internal.OwnedScheduler;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs N workers over a work queue, calling a {@link Reconciler} for each item, as
 * controller-runtime's controller does.
 *
 * <p><b>Start.</b> {@link #start()} waits, without polling, for every sync signal given to the
 * builder (for example the informers' handler-registration sync futures, so initial-list items are
 * queued before any worker runs), then starts the workers. A signal that fails, or that has not
 * completed within the sync timeout (2 min by default), fails the start loudly: {@code start()}
 * throws {@link ControllerStartException} naming the signals, the state becomes
 * {@link ControllerState#FAILED} and {@link #failure()} keeps the cause.
 *
 * <p><b>Reconcile outcomes.</b> Success ⇒ {@code forget}. {@link Result#requeueAfter} ⇒ {@code forget},
 * then a delayed add. {@link Result#requeue()} ⇒ rate-limited add. An exception ⇒ rate-limited
 * add, except a {@link TerminalReconcileException} (no requeue; backoff forgotten). An {@link Error}
 * that is not a {@link VirtualMachineError} is recovered, counted as a panic and handled as an
 * exception; a {@code VirtualMachineError} ends its worker (after {@code done}). A re-add keeps the
 * priority the item was taken at unless the result sets one. With a reconcile timeout, the worker
 * is interrupted at the deadline and the timeout is counted; a reconcile that then throws is
 * requeued with rate limiting.
 *
 * <p><b>Gate.</b> With {@link Builder#gate}, workers wait while the gate is closed and reconcile
 * only the items it admits (see {@link ReconcileGate}); by default every item is admitted.
 *
 * <p><b>Barrier.</b> With {@link Builder#barrier}, an admitted item the barrier holds back is parked
 * rather than waited for: handed back to the queue and added again when the barrier releases it (see
 * {@link ReconcileBarrier}); the worker meanwhile reconciles other items.
 *
 * <p><b>Stop.</b> {@link #stop()} lets each worker finish its in-flight reconcile, takes no new item,
 * and waits up to the stop timeout (30 s by default); workers still busy then are interrupted and
 * given one more second. A queue the controller built itself is shut down; a queue given to the
 * builder is left running (for example, a registry queue kept for a later reactivation).
 *
 * <p>Thread-safe. Worker threads are daemon threads named {@code informer4j-controller[<name>]-worker-<i>}
 * (whitespace and commas in the name become {@code -}).
 *
 * @param <K> the item type
 */
public final class Controller<K> {

  private static final Logger LOG = LoggerFactory.getLogger(Controller.class);
  private static final Duration FORCED_STOP_GRACE = Duration.ofSeconds(1);

  /** How long a reconcile may run before it counts as stuck, unless the builder says otherwise. */
  public static final Duration DEFAULT_STUCK_THRESHOLD = Duration.ofSeconds(60);

  private final String name;
  private final Reconciler<K> reconciler;
  private final PriorityWorkQueue<K> queue;
  private final boolean ownsQueue;
  private final int workerCount;
  private final Duration reconcileTimeout;
  private final StuckReconciles stuckReconciles;
  private final Duration stopTimeout;
  private final Duration syncTimeout;
  private final Clock clock;
  private final Scheduler scheduler;
  private final OwnedScheduler ownedScheduler;
  private final ThreadFactory threads;
  private final ControllerMetrics metrics;
  private final SyncGate syncGate;
  private final ReconcileGate<K> gate;
  private final ReconcileBarrier<K> barrier;
  private final List<Worker<K>> workers = new ArrayList<>();
  private ControllerState state = ControllerState.NEW;
  private Throwable failure;

  private Controller(Builder<K> builder) {
    this.name = builder.name;
    this.reconciler = builder.reconciler;
    this.workerCount = builder.workers;
    this.reconcileTimeout = builder.reconcileTimeout;
    this.stopTimeout = builder.stopTimeout;
    this.syncTimeout = builder.syncTimeout;
    this.clock = builder.clock;
    this.ownedScheduler = builder.scheduler == null && builder.reconcileTimeout != null
        ? new OwnedScheduler("informer4j-controller[" + name + "]-timer") : null;
    this.scheduler = builder.scheduler != null ? builder.scheduler : ownedScheduler;
    this.threads = builder.threads;
    this.ownsQueue = builder.queue == null;
    this.queue = ownsQueue ? ownQueue(builder) : builder.queue;
    this.stuckReconciles = new StuckReconciles(name, builder.stuckThreshold,
        scheduler != null ? scheduler : DelayedExecutorScheduler.INSTANCE, this::countStuck);
    this.metrics = new ControllerMetrics(builder.meterRegistry, name, workerCount,
        () -> stuckReconciles.stuckKeys().size());
    this.syncGate = new SyncGate(name, builder.syncSignals);
    this.gate = builder.gate;
    this.barrier = builder.barrier;
  }

  private void countStuck() {
    metrics.stuck();
  }

  private static <K> PriorityWorkQueue<K> ownQueue(Builder<K> builder) {
    var queueBuilder = WorkQueue.<K>builder()
        .name(builder.name)
        .clock(builder.clock)
        .ordering(builder.ordering)
        .rateLimiter(builder.rateLimiter != null ? builder.rateLimiter
            : RateLimiter.exponential(Duration.ofMillis(5), Duration.ofSeconds(1000)));
    if (builder.scheduler != null) {
      queueBuilder.scheduler(builder.scheduler);
    }
    if (builder.meterRegistry != null) {
      queueBuilder.meterRegistry(builder.meterRegistry);
    }
    return queueBuilder.build();
  }

  /**
   * Returns a builder for a controller named {@code name} (a metrics identity: keep it unique in the
   * process) that reconciles with {@code reconciler}.
   */
  public static <K> Builder<K> builder(String name, Reconciler<K> reconciler) {
    return new Builder<>(name, reconciler);
  }

  /**
   * Waits for the sync signals, then starts the workers. Blocks for at most the sync timeout.
   * Returns without starting workers if {@link #stop()} is called meanwhile.
   *
   * @throws IllegalStateException    if already started or stopped
   * @throws ControllerStartException if a sync signal failed or timed out, or the wait was interrupted
   */
  public void start() {
    CompletableFuture<Void> started = startAsync();
    try {
      started.get();
    } catch (CancellationException stopped) {
      // stop() came first
    } catch (ExecutionException e) {
      throw (ControllerStartException) e.getCause();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      ControllerStartException interrupted = new ControllerStartException(
          "controller '" + name + "': interrupted while waiting for its sync signals", e);
      fail(interrupted);
      throw interrupted;
    }
  }

  /**
   * Starts the workers once the sync signals completed, without blocking the caller: the returned
   * future completes when the workers run, exceptionally with {@link ControllerStartException}
   * (the state is then {@link ControllerState#FAILED}) when a signal failed or the sync timeout
   * passed, and is cancelled when {@link #stop()} came first.
   *
   * @throws IllegalStateException if already started or stopped
   */
  public CompletableFuture<Void> startAsync() {
    synchronized (this) {
      if (state != ControllerState.NEW) {
        throw new IllegalStateException("controller '" + name + "' cannot start: it is " + state);
      }
      state = ControllerState.SYNCING;
    }
    Scheduler timer = scheduler != null ? scheduler : DelayedExecutorScheduler.INSTANCE;
    CompletableFuture<Void> started = new CompletableFuture<>();
    syncGate.watch(timer, syncTimeout).whenComplete((synced, failure) -> {
      if (failure instanceof CancellationException) {
        started.cancel(false);
      } else if (failure != null) {
        ControllerStartException cause = failure instanceof ControllerStartException e ? e
            : new ControllerStartException("controller '" + name + "': " + failure, failure);
        fail(cause);
        started.completeExceptionally(cause);
      } else if (startWorkers()) {
        started.complete(null);
      } else {
        started.cancel(false);
      }
    });
    return started;
  }

  /** Starts the workers unless a stop came first; returns whether they run. */
  private boolean startWorkers() {
    synchronized (this) {
      if (state != ControllerState.SYNCING) {
        return false;
      }
      for (int i = 0; i < workerCount; i++) {
        Worker<K> worker = new Worker<>(name, i, queue, reconciler, metrics, clock, scheduler, reconcileTimeout, gate,
            barrier, stuckReconciles, threads);
        workers.add(worker);
        worker.thread().start();
      }
      state = ControllerState.RUNNING;
      stuckReconciles.watch(workers);
    }
    LOG.info("controller '{}' started {} workers on queue '{}'", name, workerCount, queue.name());
    return true;
  }

  private void fail(Throwable cause) {
    synchronized (this) {
      if (state == ControllerState.FAILED) {
        return;
      }
      state = ControllerState.FAILED;
      failure = cause;
    }
    LOG.error("controller '{}' failed to start: {}", name, cause.getMessage());
    release();
  }

  /** Stops within the builder's stop timeout; see {@link #stop(Duration)}. */
  public boolean stop() {
    return stop(stopTimeout);
  }

  /**
   * Stops the controller: in-flight reconciles finish, no new item is taken, a queue the controller
   * built is shut down. Workers still running after {@code timeout} are interrupted and given one
   * more second. Idempotent; safe before start and during the sync wait.
   *
   * @return true when no worker thread is left
   */
  public boolean stop(Duration timeout) {
    List<Worker<K>> running;
    synchronized (this) {
      if (state == ControllerState.STOPPED || state == ControllerState.FAILED) {
        return workersEnded();
      }
      state = ControllerState.STOPPING;
      running = List.copyOf(workers);
    }
    syncGate.cancel();
    running.forEach(Worker::requestStop);
    boolean ended = join(running, timeout);
    if (!ended) {
      LOG.warn("controller '{}': workers still busy {} after stop was requested; interrupting them", name, timeout);
      running.forEach(worker -> worker.thread().interrupt());
      ended = join(running, FORCED_STOP_GRACE);
      if (!ended) {
        LOG.warn("controller '{}': worker threads {} ignore interruption and keep running", name, aliveNames(running));
      }
    }
    release();
    synchronized (this) {
      state = ControllerState.STOPPED;
    }
    LOG.info("controller '{}' stopped", name);
    return ended;
  }

  private boolean join(List<Worker<K>> running, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    try {
      for (Worker<K> worker : running) {
        long remaining = deadline - System.nanoTime();
        if (remaining > 0) {
          TimeUnit.NANOSECONDS.timedJoin(worker.thread(), remaining);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return aliveNames(running).isEmpty();
  }

  private static <K> List<String> aliveNames(List<Worker<K>> workers) {
    return workers.stream().map(Worker::thread).filter(Thread::isAlive).map(Thread::getName).toList();
  }

  private synchronized boolean workersEnded() {
    return aliveNames(workers).isEmpty();
  }

  private void release() {
    if (ownsQueue) {
      queue.shutDown();
    }
    if (ownedScheduler != null) {
      ownedScheduler.close();
    }
    metrics.close();
  }

  /** Returns the controller's name. */
  public String name() {
    return name;
  }

  /** Returns the queue the workers drain; add items to it to have them reconciled. */
  public PriorityWorkQueue<K> queue() {
    return queue;
  }

  /** Returns the lifecycle state. */
  public synchronized ControllerState state() {
    return state;
  }

  /** Returns why the start failed, when the state is {@link ControllerState#FAILED}. */
  public synchronized Optional<Throwable> failure() {
    return Optional.ofNullable(failure);
  }

  /**
   * Returns the keys of the reconciles running past the stuck threshold now ({@link
   * Builder#stuckThreshold}), in worker order; each was reported once at WARN with its worker's stack.
   */
  public List<String> stuckReconciles() {
    return stuckReconciles.stuckKeys();
  }

  /** Returns true when the controller runs workers and every one of them is stuck in a reconcile. */
  public boolean allWorkersStuck() {
    return stuckReconciles.allStuck();
  }

  /** Returns how many workers are reconciling right now. */
  public int activeWorkers() {
    return metrics.activeWorkers();
  }

  @Override
  public String toString() {
    return "Controller[" + name + ", " + state() + ", " + workerCount + " workers]";
  }

  /**
   * Options of a {@link Controller}; defaults as controller-runtime's: 1 worker, sync timeout 2 min,
   * no reconcile timeout, its own priority queue (with aging) paced by exponential backoff from 5 ms
   * to 1000 s. Not thread-safe.
   *
   * @param <K> the item type
   */
  public static final class Builder<K> {
    private final String name;
    private final Reconciler<K> reconciler;
    private final Map<String, CompletionStage<?>> syncSignals = new LinkedHashMap<>();
    private PriorityWorkQueue<K> queue;
    private int workers = 1;
    private Duration reconcileTimeout;
    private Duration stuckThreshold = DEFAULT_STUCK_THRESHOLD;
    private Duration syncTimeout = Duration.ofMinutes(2);
    private Duration stopTimeout = Duration.ofSeconds(30);
    private Clock clock = Clock.system();
    private Scheduler scheduler;
    private ThreadFactory threads = Thread::new;
    private MeterRegistry meterRegistry;
    private RateLimiter<K> rateLimiter;
    private QueueOrdering ordering = QueueOrdering.priority();
    private ReconcileGate<K> gate = ReconcileGate.open();
    private ReconcileBarrier<K> barrier = ReconcileBarrier.none();

    private Builder(String name, Reconciler<K> reconciler) {
      Objects.requireNonNull(name, "name");
      if (name.isBlank()) {
        throw new IllegalArgumentException("controller name must not be blank");
      }
      this.name = name;
      this.reconciler = Objects.requireNonNull(reconciler, "reconciler");
    }

    /** Drains {@code queue} (for example a {@link io.informer4j.queue.QueueRegistry} queue) instead of building one; stop leaves it running. */
    public Builder<K> queue(PriorityWorkQueue<K> queue) {
      this.queue = Objects.requireNonNull(queue, "queue");
      return this;
    }

    /**
     * Sets the number of workers (controller-runtime's {@code MaxConcurrentReconciles}).
     *
     * @throws IllegalArgumentException if not positive
     */
    public Builder<K> workers(int workers) {
      if (workers <= 0) {
        throw new IllegalArgumentException("controller '" + name + "' needs at least one worker, got " + workers);
      }
      this.workers = workers;
      return this;
    }

    /**
     * Sets how long a reconcile may run before it counts as stuck (default 60 s): it is then reported
     * once at WARN with its key and its worker's stack, counted
     * ({@code informer4j_controller_stuck_reconciles_total}, gauge
     * {@code informer4j_controller_stuck_workers}) and listed by {@link Controller#stuckReconciles()};
     * when every worker is stuck, a manager's readiness fails. Nothing is interrupted.
     *
     * @throws IllegalArgumentException if not positive
     */
    public Builder<K> stuckThreshold(Duration threshold) {
      this.stuckThreshold = positive(threshold, "stuck threshold");
      return this;
    }

    /** Interrupts a reconcile that runs longer than {@code timeout} and counts it (none by default). */
    public Builder<K> reconcileTimeout(Duration timeout) {
      this.reconcileTimeout = positive(timeout, "reconcile timeout");
      return this;
    }

    /** Waits for {@code signal} (named {@code signalName} in errors) before starting workers. */
    public Builder<K> waitFor(String signalName, CompletionStage<?> signal) {
      Objects.requireNonNull(signalName, "signalName");
      if (syncSignals.putIfAbsent(signalName, Objects.requireNonNull(signal, "signal")) != null) {
        throw new IllegalArgumentException("controller '" + name + "' already waits for a signal named '" + signalName + "'");
      }
      return this;
    }

    /** Sets how long {@link Controller#start()} waits for the sync signals (2 min by default). */
    public Builder<K> syncTimeout(Duration timeout) {
      this.syncTimeout = positive(timeout, "sync timeout");
      return this;
    }

    /** Sets how long {@link Controller#stop()} waits for in-flight reconciles (30 s by default). */
    public Builder<K> stopTimeout(Duration timeout) {
      this.stopTimeout = positive(timeout, "stop timeout");
      return this;
    }

    /** Sets the clock for metrics and for the controller's own queue. */
    public Builder<K> clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** Sets the scheduler for reconcile timeouts and the controller's own queue; the controller then owns no timer thread. */
    public Builder<K> scheduler(Scheduler scheduler) {
      this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
      return this;
    }

    /**
     * Creates the worker threads with {@code threads} (for example an {@code InformerRuntime}'s, which
     * then owns them); plain daemon threads of the controller's own by default. Workers are named
     * {@code informer4j-controller[<name>]-worker-<i>} whatever the factory.
     */
    public Builder<K> threadFactory(ThreadFactory threads) {
      this.threads = Objects.requireNonNull(threads, "threads");
      return this;
    }

    /** Publishes controller metrics (and those of its own queue) to {@code registry}. */
    public Builder<K> meterRegistry(MeterRegistry registry) {
      this.meterRegistry = Objects.requireNonNull(registry, "registry");
      return this;
    }

    /** Sets the rate limiter of the controller's own queue (ignored with {@link #queue}). */
    public Builder<K> rateLimiter(RateLimiter<K> rateLimiter) {
      this.rateLimiter = Objects.requireNonNull(rateLimiter, "rateLimiter");
      return this;
    }

    /** Sets the ordering of the controller's own queue (ignored with {@link #queue}); priority with aging by default. */
    public Builder<K> ordering(QueueOrdering ordering) {
      this.ordering = Objects.requireNonNull(ordering, "ordering");
      return this;
    }

    /**
     * Asks {@code gate} before every item: workers wait while it is closed, put back items it defers
     * and drop items it rejects (for example: reconcile only while leading, or only held shards).
     */
    public Builder<K> gate(ReconcileGate<K> gate) {
      this.gate = Objects.requireNonNull(gate, "gate");
      return this;
    }

    /**
     * Asks {@code barrier} before reconciling every admitted item, and parks the items it holds back
     * (for example until the cache has seen the controller's own writes); none by default.
     */
    public Builder<K> barrier(ReconcileBarrier<K> barrier) {
      this.barrier = Objects.requireNonNull(barrier, "barrier");
      return this;
    }

    private Duration positive(Duration duration, String what) {
      Objects.requireNonNull(duration, what);
      if (duration.isNegative() || duration.isZero()) {
        throw new IllegalArgumentException("controller '" + name + "': " + what + " must be positive, got " + duration);
      }
      return duration;
    }

    /** Builds the controller (state {@link ControllerState#NEW}); no thread starts before {@link Controller#start()}. */
    public Controller<K> build() {
      return new Controller<>(this);
    }
  }
}
