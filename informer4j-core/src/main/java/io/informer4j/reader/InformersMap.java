package io.informer4j.reader;

import io.informer4j.cache.IndexFunction;
import io.informer4j.informer.InformerMetrics;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.RuntimeBackend;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.Backend;
import io.informer4j.source.FirstContact;
import io.informer4j.source.Redaction;
import io.informer4j.source.Selection;
import io.informer4j.source.SourceException;
import io.informer4j.source.TypeNotFoundException;
import io.informer4j.source.TypePresence;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one owner of informers, and the cache controllers read: one informer per type,
 * representation and selection, for any API a {@link Backend} serves, created on first use. Reads
 * go through {@link #reader}; the shared informer factory is a layer over the same map, so a type
 * registered through the factory and read through a reader is listed and watched once.
 *
 * <ul>
 *   <li>{@link #register} and {@link #get} create an informer on first use. Creation runs exactly once
 *       per key, outside any lock (racing callers share a per-key future; other keys are never
 *       blocked); if it throws, nothing is registered and a later call tries again. A later
 *       registration with other settings gets the same informer and is noted on the entry.
 *   <li>Lifecycle NEW → RUNNING → STOPPED. Informers registered before {@link #start()} start with
 *       it; after it, at once. After {@link #stop}, nothing is created or started.
 *   <li>Missing types: a type the backend says it does not serve is registered as missing; its
 *       informer is created but not run, it is excluded from {@link #waitForCacheSync}, and
 *       background checks ({@link MissingTypeChecks}), or the backend's type-added signal, start it
 *       when it appears. A type that disappears later is marked missing again without stopping
 *       anything: its informer keeps retrying and recovers by itself. Transient and permission
 *       failures never make a type missing.
 *   <li>Scope comes from the backend's type registry (else from discovery); a cluster-scoped type is
 *       always listed in all namespaces.
 * </ul>
 *
 * <p>Thread-safe. Only {@code get} (while an informer syncs), {@code waitForCacheSync} and
 * {@code stop} block, each up to the caller's timeout, on futures (never by polling).
 */
public final class InformersMap implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(InformersMap.class);
  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

  private enum State { NEW, RUNNING, STOPPED }

  private final Backend backend;
  private final String namespace;
  private final CacheOptions options;
  private final InformerRuntime runtime;
  private final boolean ownsRuntime;
  private final Duration readTimeout;
  private final Consumer<SharedIndexInformer<?>> handlerMetrics;
  private final InformerAssembler assembler;
  private final MissingTypeMonitor monitor;
  private final ConcurrentHashMap<InformerKey, CompletableFuture<MapEntry<?>>> entries = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<TypeKey, Scope> discoveredScopes = new ConcurrentHashMap<>();
  private final CompletableFuture<Void> startedSignal = new CompletableFuture<>();
  private final Object lifecycle = new Object();
  private final boolean watchNewTypes;
  private volatile State state = State.NEW;
  private AutoCloseable typeAddedSubscription;

  private InformersMap(Builder b) {
    this.backend = b.backend;
    this.namespace = b.namespace;
    this.options = b.options;
    this.readTimeout = b.readTimeout;
    this.watchNewTypes = b.watchNewTypes;
    this.ownsRuntime = b.runtime == null;
    this.runtime = ownsRuntime ? InformerRuntime.create("informers") : b.runtime;
    this.handlerMetrics = b.meterRegistry == null ? null
        : informer -> new InformerMetrics(informer).bindHandlers(b.meterRegistry);
    this.assembler = new InformerAssembler(backend, runtime,
        Objects.requireNonNullElse(b.options.defaultConfig().resyncPeriod(), Duration.ZERO), b.random, b.informerOptions,
        b.meterRegistry == null ? null : informer -> new InformerMetrics(informer).bindTo(b.meterRegistry),
        this::informerFailed, b.onInformerFailure);
    this.monitor = new MissingTypeMonitor(b.checks, runtime.scheduler(), runtime.io(), new PresenceSweep(this));
  }

  /** Starts configuring a map over {@code backend}. */
  public static Builder builder(Backend backend) {
    return new Builder(backend);
  }

  /**
   * Returns the entry of {@code type} under {@code spec}'s selection, creating its informer on first
   * use with exactly the spec's settings (and starting it if the map runs and the type is present).
   * Never waits for the informer to sync.
   *
   * @throws io.informer4j.meta.UnknownTypeException if neither the backend's registry nor discovery
   *     knows the type, or the backend cannot serve it in that representation
   * @throws TypeMismatchException   if the backend maps the type's class to another type
   * @throws CacheTimeoutException   if a racing registration did not finish within {@code timeout}
   * @throws IllegalStateException   after {@link #stop}
   */
  public <T> MapEntry<T> register(ObjectType<T> type, InformerSpec spec, Duration timeout) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(spec, "spec");
    return entryFor(type, spec, false, Deadline.after(Objects.requireNonNull(timeout, "timeout")));
  }

  /**
   * Returns the entry of {@code type} in the map's namespace ({@link Builder#namespace}), as the cache
   * options configure it; see {@link #get(ObjectType, String, boolean, Duration)}.
   */
  public <T> MapEntry<T> get(ObjectType<T> type, Duration timeout) {
    return get(type, namespace, true, timeout);
  }

  /**
   * Returns the entry of {@code type} in {@code namespace} ({@link Selection#ALL_NAMESPACES} for all;
   * ignored for cluster-scoped types), with the selectors, transform and resync period the cache
   * options resolve for it, creating it on first use. Once the map runs, when
   * {@code blockUntilSynced}, waits until the informer synced (controller-runtime's
   * {@code BlockUntilSynced}); before that, never waits, and the entry's cache is empty.
   *
   * @throws CacheTimeoutException if the timeout passed (or the thread was interrupted) first
   * @throws IllegalStateException if the map stopped and the informer had not synced, or the
   *     informer stopped (was removed, or failed for good) before it synced
   * @throws RuntimeException      as {@link #register}
   */
  public <T> MapEntry<T> get(ObjectType<T> type, String namespace, boolean blockUntilSynced, Duration timeout) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(namespace, "namespace");
    Deadline deadline = Deadline.after(Objects.requireNonNull(timeout, "timeout"));
    MapEntry<T> entry = entryFor(type, options.resolve(type.key(), namespace), true, deadline);
    State now = state;
    if (now == State.NEW || entry.informer().hasSynced() || entry.isMissing()) {
      return entry;
    }
    if (now == State.STOPPED) {
      throw mapStopped();
    }
    if (blockUntilSynced) {
      awaitSync(entry, deadline);
    }
    return entry;
  }

  /**
   * Returns the reader of {@code type}: reads go to its informers in the namespaces the cache options
   * give it (all namespaces unless configured), creating them on first read; a read before
   * {@link #start()} registers them and fails with {@link CacheNotStartedException}; with
   * {@link CacheOptions#failOnMissingInformer()}, a read of a type nobody registered fails with
   * {@link NotCachedException}; a read of a started map waits up to the read timeout for the
   * informers to sync. Cheap; readers may be kept.
   */
  public <T> CacheReader<T> reader(ObjectType<T> type) {
    Objects.requireNonNull(type, "type");
    Scope scope = scopeOf(type.key());
    return new RoutingCacheReader<>(this, type, scope, options.namespacesOf(type.key(), scope, namespace), readTimeout);
  }

  /**
   * Returns the informers of {@code type} in the namespaces the cache options give it, creating them
   * if needed (also before start, and whatever {@link CacheOptions#failOnMissingInformer()} says).
   * With {@code blockUntilSynced} and a started map, waits up to the read timeout for them to sync.
   *
   * @throws CacheTimeoutException as {@link #get(ObjectType, String, boolean, Duration)}
   */
  public <T> List<MapEntry<T>> informersOf(ObjectType<T> type, boolean blockUntilSynced) {
    List<MapEntry<T>> out = new ArrayList<>();
    for (String ns : options.namespacesOf(type.key(), scopeOf(type.key()), namespace)) {
      out.add(get(type, ns, blockUntilSynced, readTimeout));
    }
    return out;
  }

  /**
   * Adds the field index of {@code field} to the informers of {@code type}, creating them if needed,
   * without waiting for their sync; works before and after start.
   *
   * @throws IllegalArgumentException if the field already has an index
   */
  public <T> void indexField(ObjectType<T> type, String field, IndexFunction<T> extractor) {
    for (MapEntry<T> entry : informersOf(type, false)) {
      entry.indexField(field, extractor);
    }
  }

  /** Returns the entry of {@code type} under {@code selection} if registered; never creates one. */
  @SuppressWarnings("unchecked")
  public <T> Optional<MapEntry<T>> find(ObjectType<T> type, Selection selection) {
    CompletableFuture<MapEntry<?>> future = entries.get(new InformerKey(type, selection));
    return future != null && isRegistered(future) ? Optional.of((MapEntry<T>) future.join()) : Optional.empty();
  }

  /** Returns every registered entry of {@code type} (any selection), sorted by namespace. */
  @SuppressWarnings("unchecked")
  public <T> List<MapEntry<T>> entriesOf(ObjectType<T> type) {
    List<MapEntry<T>> out = new ArrayList<>();
    for (MapEntry<?> entry : entries()) {
      if (entry.type().equals(type)) {
        out.add((MapEntry<T>) entry);
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private <T> MapEntry<T> entryFor(ObjectType<T> type, InformerSpec requested, boolean jitter, Deadline deadline) {
    InformerSpec spec = scopeOf(type.key()) == Scope.CLUSTER && requested.selection().isNamespaced()
        ? new InformerSpec(requested.selection().withNamespace(Selection.ALL_NAMESPACES), requested.name(),
            requested.resyncPeriod(), requested.transform(), requested.compactObjects())
        : requested;
    InformerKey key = new InformerKey(type, spec.selection());
    CompletableFuture<MapEntry<?>> future = entries.get(key);
    if (future == null) {
      if (state == State.STOPPED) {
        throw mapStopped();
      }
      CompletableFuture<MapEntry<?>> mine = new CompletableFuture<>();
      future = entries.putIfAbsent(key, mine);
      if (future == null) {
        return create(key, type, spec, jitter, mine);
      }
    }
    MapEntry<T> entry = (MapEntry<T>) awaitCreation(future, type, deadline);
    if (spec.asksMoreThan(entry.spec())) {
      String note = "a later registration asked for " + spec + "; the first one's settings apply";
      entry.noteConflict(note);
      log.warn("{}: {}", entry, note);
    }
    return entry;
  }

  private <T> MapEntry<T> create(InformerKey key, ObjectType<T> type, InformerSpec spec, boolean jitter,
                                 CompletableFuture<MapEntry<?>> mine) {
    MapEntry<T> entry;
    try {
      checkClass(type);
      TypePresence presence = presenceOf(type.key());
      entry = assembler.assemble(type, spec, scopeOf(type.key()), jitter);
      entry.setMissing(presence.kind() == TypePresence.Kind.ABSENT, presence.detail());
    } catch (RuntimeException | Error e) {
      entries.remove(key, mine);
      mine.completeExceptionally(e);
      throw e;
    }
    synchronized (lifecycle) {
      if (state == State.STOPPED || entries.get(key) != mine) {
        IllegalStateException refused = state == State.STOPPED ? mapStopped()
            : new IllegalStateException("the informer of " + type + " was removed while it was being created");
        entries.remove(key, mine);
        mine.completeExceptionally(refused);
        throw refused;
      }
      mine.complete(entry);
      if (state == State.RUNNING) {
        startEntry(entry);
      }
    }
    if (entry.isMissing()) {
      log.warn("{}: the type is not served ({}); registered as missing, its informer waits for it to appear", entry,
          entry.presence());
      if (state == State.RUNNING) {
        monitor.typeWentMissing();
      }
    }
    log.debug("informers map: registered {}", entry);
    return entry;
  }

  private void checkClass(ObjectType<?> type) {
    backend.types().typeOf(type.javaClass()).ifPresent(registered -> {
      if (!registered.equals(type.key())) {
        throw new TypeMismatchException(type, registered);
      }
    });
  }

  /**
   * Returns the scope of {@code type}: from the backend's registry, else from discovery (asked once
   * per type; blocks for that request), else namespaced (logged).
   */
  public Scope scopeOf(TypeKey type) {
    Optional<Scope> registered = backend.types().scope(type);
    if (registered.isPresent()) {
      return registered.get();
    }
    Scope discovered = discoveredScopes.get(type);
    if (discovered != null) {
      return discovered;
    }
    Scope found = presenceOf(type).scope();
    if (found == null) {
      log.warn("the scope of {} is unknown to the backend's registry and discovery; treating it as namespaced", type);
      return Scope.NAMESPACED;
    }
    discoveredScopes.put(type, found);
    return found;
  }

  /** Asks the backend whether {@code type} is served; never throws. */
  TypePresence presenceOf(TypeKey type) {
    try {
      return Objects.requireNonNull(backend.presence(type), "presence");
    } catch (RuntimeException e) {
      return TypePresence.unknown("discovery failed: " + e);
    }
  }

  /** Told of every list and watch failure of an informer: a type not found makes its entry missing. */
  private void informerFailed(MapEntry<?> entry, SourceException error) {
    if (error instanceof TypeNotFoundException && entry.setMissing(true, error.getMessage())) {
      log.warn("{}: the type is no longer served ({}); marked missing, its informer keeps retrying", entry,
          error.getMessage());
      monitor.typeWentMissing();
    }
  }

  private static MapEntry<?> awaitCreation(CompletableFuture<MapEntry<?>> future, ObjectType<?> type, Deadline deadline) {
    try {
      return future.get(deadline.remainingNanos(), TimeUnit.NANOSECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
    } catch (TimeoutException e) {
      throw new CacheTimeoutException(type, "be created", null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CacheTimeoutException(type, "be created", e);
    }
  }

  private void awaitSync(MapEntry<?> entry, Deadline deadline) {
    try {
      awaitSyncedOrEnded(entry.informer(), deadline);
    } catch (TimeoutException e) {
      throw new CacheTimeoutException(entry.type(), "sync", null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CacheTimeoutException(entry.type(), "sync", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
    }
    if (!entry.informer().hasSynced()) {
      throw state == State.STOPPED ? mapStopped()
          : new IllegalStateException("informer " + entry.informer().name() + " stopped before it synced (it was removed)");
    }
  }

  /** Waits until the informer synced, failed (ExecutionException) or stopped. */
  private static void awaitSyncedOrEnded(SharedIndexInformer<?> informer, Deadline deadline)
      throws InterruptedException, ExecutionException, TimeoutException {
    CompletableFuture.anyOf(informer.synced(), informer.stopped()).get(deadline.remainingNanos(), TimeUnit.NANOSECONDS);
  }

  /**
   * Stops and removes one informer (its watch closes and its handlers stop), if registered. The next
   * registration creates a new one. Non-blocking: wait on the entry's {@code informer().stopped()} to
   * know its work ended.
   *
   * @return the removed entry, or empty when none was registered
   */
  @SuppressWarnings("unchecked")
  public <T> Optional<MapEntry<T>> remove(ObjectType<T> type, Selection selection) {
    CompletableFuture<MapEntry<?>> future = entries.remove(new InformerKey(type, selection));
    if (future == null || !isRegistered(future)) {
      return Optional.empty();
    }
    MapEntry<T> entry = (MapEntry<T>) future.join();
    entry.informer().stop();
    entry.markStopped();
    log.debug("informers map: removed {}", entry);
    return Optional.of(entry);
  }

  // ---- lifecycle ------------------------------------------------------------------------------

  /**
   * Starts every registered informer whose type is present, the missing-type checks, and listens for
   * the backend's type-added signal; informers registered later start at once. Returns without
   * waiting for anything.
   *
   * @throws IllegalStateException "informer map already started" on a second call, "informer map
   *                               stopped" after {@link #stop}
   */
  public void start() {
    synchronized (lifecycle) {
      if (state == State.RUNNING) {
        throw new IllegalStateException("informer map already started");
      }
      if (state == State.STOPPED) {
        throw mapStopped();
      }
      state = State.RUNNING;
      entries().forEach(this::startEntry);
    }
    startedSignal.complete(null);
    monitor.start(entries().stream().anyMatch(MapEntry::isMissing));
    if (watchNewTypes) {
      Consumer<TypeKey> typeAdded = type -> monitor.checkSoon();
      AutoCloseable subscription = backend instanceof RuntimeBackend watching
          ? watching.onTypeAdded(typeAdded, runtime) : backend.onTypeAdded(typeAdded);
      synchronized (lifecycle) {
        typeAddedSubscription = subscription;
      }
    }
    log.info("informers map over {} started with {} informers", Redaction.redact(backend.description()), entries.size());
  }

  /**
   * Must hold the lifecycle lock. Starts the entry's informer unless its type is missing or it ran,
   * first binding the metrics of the handlers registered since the informer was created.
   */
  private void startEntry(MapEntry<?> entry) {
    if (entry.claimStart()) {
      if (handlerMetrics != null) {
        handlerMetrics.accept(entry.informer());
      }
      entry.informer().start();
    }
  }

  /** Starts the entry's informer if the map runs (a missing type was found present). */
  void activate(MapEntry<?> entry) {
    synchronized (lifecycle) {
      if (state == State.RUNNING) {
        startEntry(entry);
      }
    }
  }

  /**
   * Declares every entry of {@code type} present (as a check finding it would), starting their
   * informers if the map runs.
   */
  public void declarePresent(TypeKey type) {
    for (MapEntry<?> entry : entries()) {
      if (entry.type().key().equals(type) && entry.setMissing(false, "declared present")) {
        activate(entry);
      }
    }
  }

  /**
   * Declares the registered entries of {@code types} missing before start (for example from a
   * pre-flight discovery pass); once running, presence is the map's own checks' business.
   *
   * @throws IllegalStateException    once started
   * @throws IllegalArgumentException if a type has no registered entry
   */
  public void declareMissing(Set<TypeKey> types) {
    synchronized (lifecycle) {
      if (state != State.NEW) {
        throw new IllegalStateException("types can be declared missing only before start()");
      }
      for (TypeKey type : types) {
        List<MapEntry<?>> matching = entries().stream().filter(e -> e.type().key().equals(type)).toList();
        if (matching.isEmpty()) {
          throw new IllegalArgumentException(type + " is not registered");
        }
        matching.forEach(entry -> entry.setMissing(true, "declared missing at startup"));
      }
    }
  }

  /**
   * Stops every informer and the missing-type checks, and waits until their work ended (and, when
   * the map created its own runtime, until its threads ended). Afterwards nothing is created or
   * started; reads of synced informers keep working (reads during a graceful shutdown). Idempotent.
   *
   * @return true if everything ended within the timeout
   * @throws InterruptedException if interrupted while waiting
   */
  public boolean stop(Duration timeout) throws InterruptedException {
    Deadline deadline = Deadline.after(timeout);
    List<MapEntry<?>> toStop;
    AutoCloseable subscription;
    synchronized (lifecycle) {
      state = State.STOPPED;
      toStop = entries();
      subscription = typeAddedSubscription;
      typeAddedSubscription = null;
    }
    startedSignal.completeExceptionally(mapStopped());
    monitor.stop();
    closeQuietly(subscription);
    toStop.forEach(entry -> {
      entry.informer().stop();
      entry.markStopped();
    });
    boolean ended = true;
    for (MapEntry<?> entry : toStop) {
      try {
        entry.informer().stopped().get(deadline.remainingNanos(), TimeUnit.NANOSECONDS);
      } catch (ExecutionException failedEarlier) {
        // it had failed before; it has ended all the same
      } catch (TimeoutException e) {
        ended = false;
      }
    }
    if (ownsRuntime) {
      ended &= runtime.stop(deadline.remaining());
    }
    log.debug("informers map: stopped {} informers", toStop.size());
    return ended;
  }

  private static void closeQuietly(AutoCloseable closeable) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception e) {
      log.debug("closing the backend's type-added subscription failed", e);
    }
  }

  /** Stops, waiting up to 30 seconds. */
  @Override
  public void close() {
    try {
      stop(CLOSE_TIMEOUT);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Waits until the map has started and every informer registered at the time of the call whose type
   * is not missing has synced (informers registered later are not waited for). Completes from
   * futures, without polling.
   *
   * @return true when they all synced within the timeout (at once after start when there are none);
   *         false on timeout, if the map stopped, or an informer failed or was removed
   * @throws InterruptedException if interrupted while waiting
   */
  public boolean waitForCacheSync(Duration timeout) throws InterruptedException {
    List<MapEntry<?>> snapshot = entries();
    Deadline deadline = Deadline.after(timeout);
    try {
      startedSignal.get(deadline.remainingNanos(), TimeUnit.NANOSECONDS);
      for (MapEntry<?> entry : snapshot) {
        if (entry.isMissing()) {
          continue;
        }
        awaitSyncedOrEnded(entry.informer(), deadline);
        if (!entry.informer().hasSynced()) {
          return false;
        }
      }
      return true;
    } catch (ExecutionException | TimeoutException e) {
      return false;
    }
  }

  /** Returns a snapshot of the registered entries, sorted by informer name. */
  public List<MapEntry<?>> entries() {
    List<MapEntry<?>> out = new ArrayList<>();
    for (CompletableFuture<MapEntry<?>> future : entries.values()) {
      if (isRegistered(future)) {
        out.add(future.join());
      }
    }
    out.sort(Comparator.comparing((MapEntry<?> e) -> e.informer().name()));
    return out;
  }

  private static boolean isRegistered(CompletableFuture<MapEntry<?>> future) {
    return future.isDone() && !future.isCompletedExceptionally();
  }

  /**
   * Returns the watch for new types ({@link Backend#onTypeAdded}; for Kubernetes, the CRD watch) while
   * the map runs, when the backend's handle reports its first contact; empty otherwise (not started,
   * stopped, turned off with {@link Builder#watchNewTypes}, or a backend with no such watch).
   */
  public Optional<FirstContact> newTypesWatch() {
    synchronized (lifecycle) {
      return typeAddedSubscription instanceof FirstContact watch ? Optional.of(watch) : Optional.empty();
    }
  }

  /** Returns true between {@link #start()} and {@link #stop}. */
  public boolean isRunning() {
    return state == State.RUNNING;
  }

  /** Returns true once {@link #start()} was called (also after stop). */
  public boolean isStarted() {
    return state != State.NEW;
  }

  /** Returns true once {@link #stop} was called. */
  public boolean isStopped() {
    return state == State.STOPPED;
  }

  /** Returns the namespace {@link #get(ObjectType, Duration)} caches, {@link Selection#ALL_NAMESPACES} for all. */
  public String namespace() {
    return namespace;
  }

  /** Returns the cache options every {@code get} resolves its settings from. */
  public CacheOptions options() {
    return options;
  }

  /** Returns the backend. */
  public Backend backend() {
    return backend;
  }

  /** Returns the runtime the informers run on. */
  public InformerRuntime runtime() {
    return runtime;
  }

  private static IllegalStateException mapStopped() {
    return new IllegalStateException("informer map stopped");
  }

  /** Configures an {@link InformersMap}. Not thread-safe. */
  public static final class Builder {
    private final Backend backend;
    private String namespace = Selection.ALL_NAMESPACES;
    private InformerRuntime runtime;
    private CacheOptions options = CacheOptions.defaults();
    private MissingTypeChecks checks = MissingTypeChecks.DEFAULT;
    private Duration readTimeout = Duration.ofSeconds(30);
    private Consumer<SharedIndexInformer.Builder<?>> informerOptions = builder -> { };
    private MeterRegistry meterRegistry;
    private DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();
    private Consumer<Throwable> onInformerFailure = failure -> { };
    private boolean watchNewTypes = true;

    private Builder(Backend backend) {
      this.backend = Objects.requireNonNull(backend, "backend");
    }

    /**
     * Sets the namespace {@link InformersMap#get(ObjectType, Duration)} caches
     * ({@link Selection#ALL_NAMESPACES}, the default, for all).
     */
    public Builder namespace(String namespace) {
      this.namespace = Objects.requireNonNull(namespace, "namespace");
      return this;
    }

    /**
     * Sets the runtime every informer runs on; the caller keeps owning it. Without one, the map
     * creates its own and closes it in {@link InformersMap#stop}.
     */
    public Builder runtime(InformerRuntime runtime) {
      this.runtime = Objects.requireNonNull(runtime, "runtime");
      return this;
    }

    /**
     * Sets the cache options {@code get} resolves selectors, transforms and resync periods from. Their
     * default resync period (none unless set, as client-go) is also the resync period of informers
     * registered without one; each informer draws its own in [0.9, 1.1) × that period.
     */
    public Builder options(CacheOptions options) {
      this.options = Objects.requireNonNull(options, "options");
      return this;
    }

    /**
     * Sets how long a read through {@link InformersMap#reader} waits for the type's informers to sync
     * once the map runs (default 30 s); past it the read fails with {@link CacheTimeoutException}.
     */
    public Builder readTimeout(Duration timeout) {
      this.readTimeout = Objects.requireNonNull(timeout, "timeout");
      return this;
    }

    /**
     * Whether the map listens for the backend's signal of new types ({@link Backend#onTypeAdded}; for
     * Kubernetes a cluster-wide watch of CustomResourceDefinitions, which needs list and watch
     * permission on them), so a missing type starts as soon as it appears. On by default; when off,
     * missing types are found by the periodic checks ({@link #missingTypeChecks}) only.
     */
    public Builder watchNewTypes(boolean enabled) {
      this.watchNewTypes = enabled;
      return this;
    }

    /** Sets the timing of the checks for missing types. */
    public Builder missingTypeChecks(MissingTypeChecks checks) {
      this.checks = Objects.requireNonNull(checks, "checks");
      return this;
    }

    /**
     * Applies {@code options} to the builder of every informer the map creates, for settings such as
     * watch-list, timeouts and backoff (not its source, name, selection, runtime, resync or
     * transform, which the map sets).
     */
    public Builder informerOptions(Consumer<SharedIndexInformer.Builder<?>> options) {
      this.informerOptions = Objects.requireNonNull(options, "options");
      return this;
    }

    /**
     * Publishes every informer's metrics ({@link InformerMetrics}) to {@code registry}: its own from
     * its creation, its handlers' for the handlers registered before it starts.
     */
    public Builder meterRegistry(MeterRegistry registry) {
      this.meterRegistry = Objects.requireNonNull(registry, "registry");
      return this;
    }

    /**
     * Tells {@code listener} when an informer of the map fails for good (its retry policy gave up,
     * its runtime closed): called with the cause, once per informer, from the informer's thread.
     */
    public Builder onInformerFailure(Consumer<Throwable> listener) {
      this.onInformerFailure = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /** Supplies numbers in [0, 1) for the resync jitter (for deterministic tests). */
    public Builder random(DoubleSupplier random) {
      this.random = Objects.requireNonNull(random, "random");
      return this;
    }

    /** Returns the map, not started. */
    public InformersMap build() {
      return new InformersMap(this);
    }
  }
}
