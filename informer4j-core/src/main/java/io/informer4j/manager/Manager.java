package io.informer4j.manager;

import io.informer4j.controller.Controller;
import io.informer4j.controller.ControllerState;
import io.informer4j.coordination.LeaderElection;
import io.informer4j.coordination.ShardCoordinator;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.reader.CacheOptions;
import io.informer4j.reader.InformersMap;
import io.informer4j.source.Backend;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a whole controller program: one {@link InformerRuntime} for every thread (informers, handler
 * lanes, queues' timers, controllers' timers), the cache ({@link #cache()}), the controllers, the
 * components (such as a health server), one meter registry bound to all of them, leader election,
 * the shard coordinators of sharded controllers, and the lifecycle — as controller-runtime's manager
 * does.
 *
 * <pre>{@code
 * try (Manager manager = Manager.builder(backend).component(m -> HealthServer.builder(m).port(8080).build()).build()) {
 *   manager.controller("pods", pods).watches(configMaps, cm -> List.of(ownerOf(cm))).reconcile(key -> ...);
 *   manager.run();   // until stopped (SIGTERM with the shutdown hook, or stop())
 * }
 * }</pre>
 *
 * <p><b>Start</b> (once): components first (so health answers while caches sync), then the cache;
 * each controller starts its workers once every type it watches has synced, never before. Start
 * then waits, up to the start timeout ({@link Builder#startTimeout}, 30 s by default), for the first
 * contact of every informer with the backend, and of the watch for new types
 * ({@link Builder#watchNewTypes}), and fails fast with a {@link BackendContactException} naming what
 * to fix (unreachable, TLS, 401, 403 on a type) instead of running blind; it does not wait for the
 * caches to sync. <b>Stop</b>: controllers first (in-flight reconciles finish within the bound),
 * then the cache, then components, then what the manager created (its runtime, its queues) — in
 * reverse, bounded. <b>Failure</b>: {@link #stopped()} completes exceptionally with the first fatal
 * cause (an informer that gave up, a controller that could not start, a component that failed) and
 * the manager stops. Everything the manager created it closes, and what was handed to a controller
 * to close ({@link ControllerBuilder#closeOnStop}: the writes and Event recorders built for it);
 * nothing else it was given.
 *
 * <p>Thread-safe.
 */
public final class Manager implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(Manager.class);
  private static final Duration REGISTRATION_TIMEOUT = Duration.ofSeconds(30);

  private enum State { NEW, RUNNING, STOPPING, STOPPED }

  private final Backend backend;
  private final InformerRuntime runtime;
  private final boolean ownsRuntime;
  private final InformersMap cache;
  private final CompositeMeterRegistry meterRegistry = new CompositeMeterRegistry();
  private final LeaderElection<ObjectKey> leaderElection;
  private final Duration stopTimeout;
  private final Duration startTimeout;
  private final boolean shutdownHook;
  private final List<ManagedComponent> components = new ArrayList<>();
  private final Map<String, ManagedController> controllers = new LinkedHashMap<>();
  private final Set<ShardCoordinator> coordinators = new LinkedHashSet<>();
  private final CompletableFuture<Void> stopped = new CompletableFuture<>();
  private final RecordedWrites recordedWrites = new RecordedWrites();
  private final Object lifecycle = new Object();
  private QueueRegistry queues;
  private SharedInformerFactory factory;
  private State state = State.NEW;
  private Thread hook;
  private Throwable firstFailure;

  private Manager(Builder b) {
    b.meterRegistries.forEach(meterRegistry::add);
    this.backend = b.backend;
    this.ownsRuntime = b.runtime == null;
    this.runtime = ownsRuntime ? InformerRuntime.create(b.name) : b.runtime;
    this.leaderElection = b.leaderElection;
    this.stopTimeout = b.stopTimeout;
    this.startTimeout = b.startTimeout;
    this.shutdownHook = b.shutdownHook;
    this.cache = InformersMap.builder(b.backend).runtime(runtime).options(b.cacheOptions).meterRegistry(meterRegistry)
        .informerOptions(b.informerOptions).onInformerFailure(this::fail).watchNewTypes(b.watchNewTypes).build();
    for (Function<Manager, ManagedComponent> component : b.components) {
      components.add(Objects.requireNonNull(component.apply(this), "component"));
    }
  }

  /** Starts configuring a manager over {@code backend}. */
  public static Builder builder(Backend backend) {
    return new Builder(backend);
  }

  /** Returns the cache: read through {@code cache().reader(type)}. */
  public InformersMap cache() {
    return cache;
  }

  /**
   * Starts declaring a controller named {@code name} (unique within the manager; a metrics identity)
   * whose primary type is {@code primary}.
   */
  public <T> ControllerBuilder<T> controller(String name, ObjectType<T> primary) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(primary, "primary");
    if (name.isBlank()) {
      throw new IllegalArgumentException("a controller needs a name");
    }
    return new ControllerBuilder<>(this, name, primary);
  }

  /** Registers a declared controller; see {@link ControllerBuilder#reconcile}. */
  <T> Controller<ObjectKey> register(ControllerBuilder.ControllerSpec<T> spec) {
    synchronized (lifecycle) {
      if (state != State.NEW) {
        throw new IllegalStateException("controller '" + spec.name() + "' cannot be added: the manager has started");
      }
      if (controllers.containsKey(spec.name())) {
        throw new IllegalArgumentException("the manager already has a controller named '" + spec.name() + "'");
      }
      ManagedController managed = ManagedController.wire(spec, new ManagedController.Context(backend, cache, runtime,
          meterRegistry, leaderElection == null ? null : leaderElection.leadership(), recordedWrites));
      controllers.put(spec.name(), managed);
      ShardCoordinator sharding = managed.sharding();
      if (sharding != null) {
        coordinators.add(sharding);
        sharding.addListener(gained -> {
          int queued = managed.requeueShards(gained);
          log.debug("controller '{}': queued {} cached keys of gained shards {}", spec.name(), queued, gained);
        });
      }
      log.info("controller '{}' of {} registered, watching {}", spec.name(), spec.primary(), managed.status().watches());
      return managed.controller();
    }
  }

  /**
   * Queues again, for the controller named {@code controller}, the key of every cached object of every
   * type it watches (mapped to primary keys, through its key filters, as resyncs at low priority):
   * for example once the shard its work belongs to was gained. Never blocks.
   *
   * @return how many keys were added
   * @throws IllegalArgumentException if the manager has no controller of that name
   */
  public int requeue(String controller) {
    ManagedController managed;
    synchronized (lifecycle) {
      managed = controllers.get(controller);
    }
    if (managed == null) {
      throw new IllegalArgumentException("the manager has no controller named '" + controller + "'");
    }
    return managed.requeueAll();
  }

  /**
   * Adds a component the manager starts before its cache and stops last; it owns it from now on.
   *
   * @throws IllegalStateException if the manager has started
   */
  public void add(ManagedComponent component) {
    Objects.requireNonNull(component, "component");
    synchronized (lifecycle) {
      if (state != State.NEW) {
        throw new IllegalStateException("a component cannot be added: the manager has started");
      }
      components.add(component);
    }
  }

  /**
   * Returns the queue registry of the manager (created on first use on the manager's timer and
   * meter registry, shut down when the manager stops), for controllers fed the shared informer
   * factory's way.
   */
  public QueueRegistry queues() {
    synchronized (lifecycle) {
      if (queues == null) {
        queues = QueueRegistry.builder().clock(runtime.clock()).scheduler(runtime.scheduler())
            .meterRegistry(meterRegistry).build();
      }
      return queues;
    }
  }

  /**
   * Returns the shared informer factory over the manager's cache and {@link #queues()} (created on
   * first use; started and stopped with the manager), for code that consumes per-type queues: every
   * event of a registered type becomes a {@code QueueItem} on the type's queue.
   */
  public SharedInformerFactory factory() {
    QueueRegistry registry = queues();
    synchronized (lifecycle) {
      if (factory == null) {
        factory = SharedInformerFactory.builder(cache, registry).build();
      }
      return factory;
    }
  }

  // ---- lifecycle ------------------------------------------------------------------------------

  /**
   * Starts the components, the cache, leader election, the shard coordinators of sharded controllers
   * and the controllers (each starts its workers once everything it watches has synced), then waits
   * up to the start timeout for every informer's first contact with the backend (not for the caches
   * to sync; see {@link Builder#startTimeout}).
   *
   * @throws IllegalStateException   if started before
   * @throws BackendContactException if an informer or the watch for new types could not contact the
   *     backend: unreachable, TLS, 401, 403, or no answer within the start timeout (the manager is
   *     then stopped, its threads ended)
   * @throws ManagerStartException   if a component cannot start (the manager is then stopped)
   */
  public void start() {
    List<ManagedController> toStart;
    synchronized (lifecycle) {
      if (state != State.NEW) {
        throw new IllegalStateException("the manager has already been started");
      }
      state = State.RUNNING;
      toStart = List.copyOf(controllers.values());
      if (shutdownHook) {
        hook = new Thread(this::close, "informer4j-manager-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
      }
    }
    for (ManagedComponent component : components) {
      try {
        component.start();
      } catch (Exception e) {
        ManagerStartException failure = new ManagerStartException("a component of the manager failed to start: " + e, e);
        fail(failure);
        throw failure;
      }
    }
    if (factory != null) {
      factory.start();
    } else {
      cache.start();
    }
    if (leaderElection != null) {
      leaderElection.start(runtime);
    }
    for (ShardCoordinator coordinator : coordinators) {
      coordinator.start(runtime);
    }
    for (ManagedController managed : toStart) {
      managed.controller().startAsync().whenComplete((started, failure) -> {
        if (failure != null && !(failure instanceof java.util.concurrent.CancellationException)) {
          fail(failure);
        }
      });
    }
    if (!startTimeout.isZero()) {
      awaitFirstContact();
    }
    log.info("manager started: {} controllers, {} informers", toStart.size(), cache.entries().size());
  }

  /** Waits for the backend's first answers; on failure stops the manager here and now, then throws. */
  private void awaitFirstContact() {
    try {
      FirstContactCheck.await(cache, startTimeout);
    } catch (BackendContactException e) {
      log.error("manager: {}", e.getMessage());
      synchronized (lifecycle) {
        if (firstFailure == null) {
          firstFailure = e;
        }
      }
      close();
      throw e;
    }
  }

  /** Records the first fatal cause and stops the manager, on a thread of its own. */
  private void fail(Throwable cause) {
    synchronized (lifecycle) {
      if (firstFailure != null || state != State.RUNNING) {
        return;
      }
      firstFailure = cause;
    }
    log.error("manager: stopping after a fatal failure: {}", cause.toString(), cause);
    Thread stopper = new Thread(this::close, "informer4j-manager-stop");
    stopper.setDaemon(true);
    stopper.start();
  }

  /**
   * Starts (unless started) and blocks until the manager has stopped.
   *
   * @throws ManagerFailedException if it stopped because of a failure
   * @throws InterruptedException   if interrupted while waiting (the manager keeps running)
   */
  public void run() throws InterruptedException {
    boolean fresh;
    synchronized (lifecycle) {
      fresh = state == State.NEW;
    }
    if (fresh) {
      start();
    }
    try {
      stopped.get();
    } catch (java.util.concurrent.ExecutionException e) {
      throw (ManagerFailedException) e.getCause();
    }
  }

  /**
   * Stops everything in reverse order: controllers (their in-flight reconciles finish, then what was
   * handed to each to close, {@link ControllerBuilder#closeOnStop}), leader
   * election, shard coordinators (releasing their shards), the cache, the queues, the components,
   * then the runtime if the manager created it;
   * waits at most {@code timeout} in all. Idempotent; completes {@link #stopped()}.
   *
   * @return true if everything stopped within the timeout and no thread of the manager is left
   */
  public boolean stop(Duration timeout) throws InterruptedException {
    List<ManagedController> toStop;
    synchronized (lifecycle) {
      if (state == State.STOPPING || state == State.STOPPED) {
        return awaitStopped(timeout);
      }
      boolean neverStarted = state == State.NEW;
      state = State.STOPPING;
      toStop = new ArrayList<>(controllers.values());
      if (hook != null && !Thread.currentThread().getName().equals(hook.getName())) {
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
          // the JVM is exiting; the hook runs this stop anyway
        }
      }
      if (neverStarted) {
        log.debug("manager stopped before it started");
      }
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    boolean ended = true;
    java.util.Collections.reverse(toStop);
    for (ManagedController managed : toStop) {
      ended &= managed.controller().stop(remaining(deadline, stopTimeout));
      managed.closeResources();
    }
    if (leaderElection != null) {
      leaderElection.close();
    }
    coordinators.forEach(ShardCoordinator::close);
    ended &= factory != null ? factory.stop(remaining(deadline, timeout)) : cache.stop(remaining(deadline, timeout));
    QueueRegistry registry;
    synchronized (lifecycle) {
      registry = queues;
    }
    if (registry != null) {
      registry.shutdownAll();
    }
    for (int i = components.size() - 1; i >= 0; i--) {
      ended &= components.get(i).stop(remaining(deadline, timeout));
    }
    if (ownsRuntime) {
      ended &= runtime.stop(remaining(deadline, timeout));
    }
    Throwable failure;
    synchronized (lifecycle) {
      state = State.STOPPED;
      failure = firstFailure;
    }
    if (failure == null) {
      stopped.complete(null);
    } else {
      stopped.completeExceptionally(new ManagerFailedException(failure));
    }
    log.info("manager stopped{}", ended ? "" : " (some parts did not end in time)");
    return ended;
  }

  private boolean awaitStopped(Duration timeout) throws InterruptedException {
    try {
      stopped.get(timeout.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
      return true;
    } catch (java.util.concurrent.ExecutionException failed) {
      return true;
    } catch (java.util.concurrent.TimeoutException e) {
      return false;
    }
  }

  private static Duration remaining(long deadline, Duration cap) {
    long left = Math.max(0, deadline - System.nanoTime());
    return Duration.ofNanos(Math.min(left, cap.toNanos()));
  }

  /** Stops, waiting up to the builder's stop timeout (30 s by default). */
  @Override
  public void close() {
    try {
      stop(stopTimeout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Completes when the manager has stopped: normally after {@link #stop}, exceptionally with
   * {@link ManagerFailedException} carrying the first fatal cause.
   */
  public CompletableFuture<Void> stopped() {
    return stopped;
  }

  /**
   * Returns true while running, every informer whose type is present synced and every controller runs
   * with at least one worker not stuck in a reconcile.
   */
  public boolean isReady() {
    synchronized (lifecycle) {
      if (state != State.RUNNING) {
        return false;
      }
    }
    boolean cacheSynced = cache.entries().stream().allMatch(e -> e.isMissing() || e.informer().hasSynced());
    return cacheSynced && controllers().stream()
        .allMatch(c -> c.state() == ControllerState.RUNNING && !c.allWorkersStuck());
  }

  /** Returns a snapshot of every controller, in registration order. */
  public List<ControllerStatus> controllers() {
    List<ManagedController> all;
    synchronized (lifecycle) {
      all = List.copyOf(controllers.values());
    }
    return all.stream().map(ManagedController::status).toList();
  }

  /** Returns the meter registry every informer, queue and controller of the manager publishes to. */
  public CompositeMeterRegistry meterRegistry() {
    return meterRegistry;
  }

  /** Returns the runtime every informer, queue timer and controller timer runs on. */
  public InformerRuntime runtime() {
    return runtime;
  }

  /** Returns the shared informer factory if {@link #factory()} created one. */
  public java.util.Optional<SharedInformerFactory> existingFactory() {
    synchronized (lifecycle) {
      return java.util.Optional.ofNullable(factory);
    }
  }

  /** Configures a {@link Manager}. Not thread-safe. */
  public static final class Builder {
    private final Backend backend;
    private String name = "manager";
    private InformerRuntime runtime;
    private CacheOptions cacheOptions = CacheOptions.defaults();
    private final List<MeterRegistry> meterRegistries = new ArrayList<>();
    private final List<Function<Manager, ManagedComponent>> components = new ArrayList<>();
    private Consumer<SharedIndexInformer.Builder<?>> informerOptions = informer -> { };
    private LeaderElection<ObjectKey> leaderElection;
    private Duration stopTimeout = Duration.ofSeconds(30);
    private Duration startTimeout = Duration.ofSeconds(30);
    private boolean watchNewTypes = true;
    private boolean shutdownHook;

    private Builder(Backend backend) {
      this.backend = Objects.requireNonNull(backend, "backend");
    }

    /** Names the manager's runtime and its threads ({@code informer4j-<name>-…}; default {@code manager}). */
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Runs on {@code runtime} (owned by the caller) instead of a runtime of the manager's own. */
    public Builder runtime(InformerRuntime runtime) {
      this.runtime = Objects.requireNonNull(runtime, "runtime");
      return this;
    }

    /** Sets what the cache caches and how its readers behave. */
    public Builder cacheOptions(CacheOptions options) {
      this.cacheOptions = Objects.requireNonNull(options, "options");
      return this;
    }

    /** Publishes every metric of the manager to {@code registry} too (it stays the caller's). */
    public Builder meterRegistry(MeterRegistry registry) {
      meterRegistries.add(Objects.requireNonNull(registry, "registry"));
      return this;
    }

    /**
     * Adds a component built from the manager (for example {@code m -> HealthServer.builder(m)...build()}),
     * started first and stopped last; the manager owns it.
     */
    public Builder component(Function<Manager, ManagedComponent> component) {
      components.add(Objects.requireNonNull(component, "component"));
      return this;
    }

    /** Applies {@code options} to every informer the cache creates (timeouts, backoff, retry policy). */
    public Builder informerOptions(Consumer<SharedIndexInformer.Builder<?>> options) {
      this.informerOptions = Objects.requireNonNull(options, "options");
      return this;
    }

    /**
     * Runs controllers' workers only while this replica leads; the caches stay warm on every replica.
     * The manager starts and closes the election.
     */
    public Builder leaderElection(LeaderElection<ObjectKey> election) {
      this.leaderElection = Objects.requireNonNull(election, "election");
      return this;
    }

    /** Sets how long {@link Manager#close()} waits, and each controller's stop bound (default 30 s). */
    public Builder stopTimeout(Duration timeout) {
      this.stopTimeout = Objects.requireNonNull(timeout, "timeout");
      return this;
    }

    /**
     * Sets how long {@link Manager#start()} waits for every informer's first contact with the backend
     * (its first list, or its first definitive failure) before it fails with a
     * {@link BackendContactException}; default 30 s. {@link Duration#ZERO} does not wait: start
     * returns at once and failures only show in status, metrics, readiness and the log.
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder startTimeout(Duration timeout) {
      Objects.requireNonNull(timeout, "timeout");
      if (timeout.isNegative()) {
        throw new IllegalArgumentException("the start timeout must not be negative: " + timeout);
      }
      this.startTimeout = timeout;
      return this;
    }

    /**
     * Whether the cache watches for new types so that a type missing at start is cached as soon as it
     * appears (for Kubernetes: a cluster-wide watch of CustomResourceDefinitions, which needs list and
     * watch permission on {@code customresourcedefinitions.apiextensions.k8s.io}); on by default. Off,
     * missing types are found by the periodic checks only (every 5 s growing to 5 min while some
     * type is missing).
     */
    public Builder watchNewTypes(boolean enabled) {
      this.watchNewTypes = enabled;
      return this;
    }

    /** Stops the manager when the JVM shuts down (SIGTERM, Ctrl-C); off by default. */
    public Builder shutdownHook(boolean enabled) {
      this.shutdownHook = enabled;
      return this;
    }

    /** Returns the manager, not started. */
    public Manager build() {
      return new Manager(this);
    }
  }
}
