package io.informer4j.factory;

import io.informer4j.controller.EnqueueHandler;
import io.informer4j.controller.KeyPredicate;
import io.informer4j.informer.HandlerOptions;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.reader.InformerSpec;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.MapEntry;
import io.informer4j.source.Selection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiPredicate;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shared informer factory: a layer over an {@link InformersMap} that turns every event of each
 * registered type into queue items on per-type work queues, with three-tier namespace filtering,
 * and reports status for health endpoints. The informers belong to the map: a type registered here
 * and read through the map's readers is listed and watched once; types missing on the server are
 * the map's business (registered, not run until they appear).
 *
 * <p>Per type: one informer (the first registration's options win; a later one with other options
 * is logged and shown in status), one routing handler (an {@link EnqueueHandler}, the one path from
 * events to queue work) that puts a {@code QueueItem(type, key)} on
 * the type's queue — the options' queue, else the queue registry's queue for the type, else the
 * default queue (warned once) — for every add, update (resyncs included) and delete, tombstones
 * included. Namespace rules, one {@link io.informer4j.meta.NamespaceMatcher} for all tiers
 * (restricted wins): tier 1 scopes the list/watch to a single exact allowed namespace; tier 2 drops
 * other namespaces' events before any queue, counted per {@link io.informer4j.controller.DropReason}; tier 3 is the
 * controller's reconcile-time guard. Namespace rules apply to namespaced types only.
 *
 * <p>Lifecycle: {@code NEW → STARTED → STOPPED}. {@link #start()} starts the map (if nothing else
 * has); types registered later start at once; {@link #stop(Duration)} stops the map and waits,
 * bounded; the queues are left to their owner.
 *
 * <p>Thread-safe.
 */
public final class SharedInformerFactory implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(SharedInformerFactory.class);
  private static final Duration REGISTRATION_TIMEOUT = Duration.ofSeconds(30);

  private enum State { NEW, STARTED, STOPPED }

  private final InformersMap map;
  private final QueueRegistry queues;
  private final UnaryOperator<Object> transform;
  private final KeyPredicate keyFilter;
  private final ConcurrentHashMap<TypeKey, CompletableFuture<Route<?>>> routes = new ConcurrentHashMap<>();
  private final Object lifecycle = new Object();
  private State state = State.NEW;

  private SharedInformerFactory(Builder b) {
    this.map = b.map;
    this.queues = b.queues;
    this.transform = b.transform;
    this.keyFilter = b.keyFilter;
  }

  /**
   * Starts configuring a factory over {@code map}, routing to {@code queues}.
   *
   * @param map    owns the informers; the factory starts and stops it
   * @param queues the per-type queues events are routed to
   */
  public static Builder builder(InformersMap map, QueueRegistry queues) {
    return new Builder(map, queues);
  }

  /**
   * Returns the informer of the type {@code javaClass} stands for in the map's backend (a typed
   * model), creating it on the first call.
   *
   * @throws io.informer4j.meta.UnknownTypeException if the backend does not know the class
   * @throws IllegalArgumentException as {@link #informerFor(ObjectType, InformerOptions)}
   * @throws IllegalStateException    after {@link #stop}
   */
  public <T> SharedIndexInformer<T> informerFor(Class<T> javaClass, InformerOptions options) {
    return informerFor(map.backend().type(javaClass), options);
  }

  /**
   * Returns the informer of {@code type}, creating it (and its routing) on the first call. Later
   * calls return the same informer; differing options are logged and reported in status, not
   * applied.
   *
   * @throws IllegalArgumentException if namespace rules are given for a cluster-scoped type, an
   *     explicit namespace contradicts the filter, or the type is registered in another representation
   * @throws IllegalStateException    after {@link #stop}
   * @throws RuntimeException         what the informers map throws for an unknown type
   */
  @SuppressWarnings("unchecked")
  public <T> SharedIndexInformer<T> informerFor(ObjectType<T> type, InformerOptions options) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(options, "options");
    requireNotStopped("register " + type);
    CompletableFuture<Route<?>> mine = new CompletableFuture<>();
    CompletableFuture<Route<?>> existing = routes.putIfAbsent(type.key(), mine);
    if (existing != null) {
      return (SharedIndexInformer<T>) reuse(join(existing), type, options).entry().informer();
    }
    Route<T> route;
    try {
      route = createRoute(type, options);
    } catch (RuntimeException e) {
      routes.remove(type.key(), mine);
      mine.completeExceptionally(e);
      throw e;
    }
    mine.complete(route);
    return route.entry().informer();
  }

  private <T> Route<T> createRoute(ObjectType<T> type, InformerOptions options) {
    Selection selection = new Selection(options.tierOneNamespace(), options.labelSelector(), options.fieldSelector());
    String name = options.name() != null ? options.name() : type.key().kind();
    InformerSpec spec = InformerSpec.of(selection).withName(name);
    HandlerOptions routingOptions = HandlerOptions.named("factory-router");
    if (options.resyncPeriod() != null) {
      spec = spec.withResyncPeriod(options.resyncPeriod());
      routingOptions = routingOptions.withResync(options.resyncPeriod());
    }
    if (transform != null) {
      spec = spec.withTransform(transform);
    }
    if (map.scopeOf(type.key()) == Scope.CLUSTER && (options.namespaceFilter().isActive() || options.namespace() != null)) {
      throw new IllegalArgumentException("namespace rules apply to namespaced types only; " + type.key()
          + " is cluster-scoped (" + options.namespaceFilter().summary() + ")");
    }
    MapEntry<T> entry = map.register(type, spec, REGISTRATION_TIMEOUT);
    Route<T> route = new Route<>(entry, options, name);
    EnqueueHandler.Builder<T> handler = EnqueueHandler.builder(name, type, entry.scope())
        .namespaces(options.namespaceFilter()).counters(route.counters());
    if (keyFilter != null) {
      handler.keyFilters(List.of(keyFilter));
    }
    if (options.eventHook() != null) {
      handler.hook(options.eventHook());
    }
    EnqueueHandler<T, QueueItem> routing = handler.build(QueueItem::new, () -> route.queue(queues, true));
    route.setRouting(routing, entry.informer().addEventHandler(routing, routingOptions));
    log.info("{}: registered ({})", route, options.namespaceFilter().summary());
    return route;
  }

  private static Route<?> join(CompletableFuture<Route<?>> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : e;
    }
  }

  private Route<?> reuse(Route<?> route, ObjectType<?> type, InformerOptions options) {
    if (!route.entry().type().equals(type)) {
      throw new IllegalArgumentException(type.key() + " is registered as " + route.entry().type() + ", not as " + type);
    }
    if (!route.options().equals(options)) {
      String note = "ignored a later registration with different options: " + options;
      route.noteConflict(note);
      log.warn("{}: {} (the first registration wins)", route, note);
    }
    return route;
  }

  // ---- lifecycle ------------------------------------------------------------------------------

  /**
   * Starts the informers map unless it already runs (so every registered informer whose type is
   * present starts, and the missing-type checks). Returns at once.
   *
   * @throws IllegalStateException if already started ("factory already started") or stopped
   */
  public void start() {
    synchronized (lifecycle) {
      if (state == State.STARTED) {
        throw new IllegalStateException("factory already started");
      }
      requireNotStopped("start");
      state = State.STARTED;
      if (!map.isStarted()) {
        map.start();
      }
    }
    log.info("informer factory started with {} types", routes.size());
  }

  /** Returns true between {@link #start()} and {@link #stop}. */
  public boolean isStarted() {
    synchronized (lifecycle) {
      return state == State.STARTED;
    }
  }

  /** Returns true once started and until stopped. */
  public boolean isReady() {
    return isStarted();
  }

  /**
   * Waits until every registered type that is not missing has synced: its cache holds the first list
   * and the routing handler has queued its initial items. Never polls.
   *
   * @return true when all synced within the timeout (at once when there is nothing to wait for)
   * @throws InterruptedException if interrupted while waiting
   */
  public boolean waitForCacheSync(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    boolean all = true;
    for (Route<?> route : completedRoutes()) {
      if (!route.entry().isMissing()) {
        all &= awaitUntil(synced(route.type()), deadline);
      }
    }
    return all;
  }

  /**
   * Returns a future that completes once {@code type}'s cache holds its first list and the routing
   * handler queued the initial items (for example to gate a controller's workers).
   *
   * @throws IllegalArgumentException if the type is not registered
   */
  public CompletableFuture<Void> synced(TypeKey type) {
    CompletableFuture<Route<?>> future = routes.get(type);
    if (future == null) {
      throw new IllegalArgumentException(type + " is not registered");
    }
    return future.thenCompose(route -> route.entry().informer().synced().thenCompose(v -> route.routing().synced()));
  }

  private static boolean awaitUntil(CompletableFuture<?> future, long deadline) throws InterruptedException {
    try {
      future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      return true;
    } catch (ExecutionException | TimeoutException e) {
      return false;
    }
  }

  /**
   * Stops the informers map (every informer, the missing-type checks) and waits for them to end, at
   * most {@code timeout}. Idempotent; the queues are left to their owner.
   *
   * @return true if everything ended in time
   * @throws InterruptedException if interrupted while waiting
   */
  public boolean stop(Duration timeout) throws InterruptedException {
    synchronized (lifecycle) {
      if (state == State.STOPPED) {
        return true;
      }
      state = State.STOPPED;
    }
    boolean ended = map.stop(timeout);
    log.info("informer factory stopped{}", ended ? "" : " (some informers did not end in time)");
    return ended;
  }

  /** Stops, waiting up to 30 seconds. */
  @Override
  public void close() {
    try {
      stop(Duration.ofSeconds(30));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void requireNotStopped(String action) {
    synchronized (lifecycle) {
      if (state == State.STOPPED) {
        throw new IllegalStateException("factory has been stopped and cannot be restarted (tried to " + action + ")");
      }
    }
  }

  // ---- registry views -------------------------------------------------------------------------

  /** Returns the routes, sorted by name then type. */
  private List<Route<?>> completedRoutes() {
    List<Route<?>> out = new ArrayList<>();
    for (CompletableFuture<Route<?>> future : routes.values()) {
      if (future.isDone() && !future.isCompletedExceptionally()) {
        out.add(future.join());
      }
    }
    out.sort(Comparator.comparing((Route<?> r) -> r.name()).thenComparing(r -> r.type().toString()));
    return out;
  }

  /**
   * Puts every cached object of every running informer whose key {@code which} selects on its queue
   * again, as a resync (low priority), through the namespace and enqueue filters — for example the
   * keys of a shard this replica just gained. Does not call the source; safe from any thread.
   *
   * @return how many items were put on a queue
   */
  public int requeue(BiPredicate<TypeKey, ObjectKey> which) {
    Objects.requireNonNull(which, "which");
    int enqueued = 0;
    for (Route<?> route : completedRoutes()) {
      if (route.entry().runState() == MapEntry.RunState.RUNNING) {
        enqueued += route.requeue(which);
      }
    }
    return enqueued;
  }

  /** Returns the informers map entry of every registered type, missing ones included; a snapshot. */
  public Map<TypeKey, MapEntry<?>> registered() {
    return completedRoutes().stream().collect(Collectors.toUnmodifiableMap(Route::type, Route::entry));
  }

  /** Returns the entries whose type is missing; a snapshot. */
  public Map<TypeKey, MapEntry<?>> missing() {
    return completedRoutes().stream().filter(route -> route.entry().isMissing())
        .collect(Collectors.toUnmodifiableMap(Route::type, Route::entry));
  }

  /** Returns true when {@code type} is registered and missing. */
  public boolean isMissing(TypeKey type) {
    CompletableFuture<Route<?>> future = routes.get(type);
    return future != null && future.isDone() && !future.isCompletedExceptionally() && future.join().entry().isMissing();
  }

  /** Declares {@code type} present (as a check finding it would), activating it if started. */
  public void removeMissing(TypeKey type) {
    map.declarePresent(type);
  }

  /**
   * Seeds the missing set before start (for example from a pre-flight discovery pass); runtime
   * changes go through the map's own checks.
   *
   * @throws IllegalStateException    once started
   * @throws IllegalArgumentException if a type is not registered
   */
  public void setMissingOnStartup(Set<TypeKey> missingTypes) {
    for (TypeKey type : missingTypes) {
      if (!routes.containsKey(type)) {
        throw new IllegalArgumentException(type + " is not registered");
      }
    }
    map.declareMissing(missingTypes);
  }

  // ---- status ---------------------------------------------------------------------------------

  /**
   * Returns a one-line summary, {@code "Name(synced), Other(not synced)"} for every registered type
   * (missing ones included), sorted by name then type; {@code ""} when none is registered.
   */
  public String status() {
    return completedRoutes().stream().map(r -> r.name() + (r.hasSynced() ? "(synced)" : "(not synced)"))
        .collect(Collectors.joining(", "));
  }

  /** Returns a structured status per type, sorted by name then type. */
  public List<TypeStatus> statuses() {
    return completedRoutes().stream().map(route -> StatusReport.of(route, queues)).toList();
  }

  /** Returns the informers map the factory registers with. */
  public InformersMap map() {
    return map;
  }

  /** Returns the name of this component in logs and status: {@code "informer factory"}. */
  public String name() {
    return "informer factory";
  }

  /** Configures a {@link SharedInformerFactory}. Not thread-safe; the factory is. */
  public static final class Builder {
    private final InformersMap map;
    private final QueueRegistry queues;
    private UnaryOperator<Object> transform;
    private KeyPredicate keyFilter;

    private Builder(InformersMap map, QueueRegistry queues) {
      this.map = Objects.requireNonNull(map, "map");
      this.queues = Objects.requireNonNull(queues, "queues");
    }

    /**
     * Transforms every object of every type this factory registers before it is cached (for example
     * to strip fields). It must return an object of the same class, be idempotent and thread-safe.
     */
    public Builder transform(UnaryOperator<Object> transform) {
      this.transform = Objects.requireNonNull(transform, "transform");
      return this;
    }

    /** Drops, before any queue, events whose object {@code filter} rejects (after tier 2); none by default. */
    public Builder keyFilter(KeyPredicate filter) {
      this.keyFilter = Objects.requireNonNull(filter, "filter");
      return this;
    }

    /** Returns the factory, not started. */
    public SharedInformerFactory build() {
      return new SharedInformerFactory(this);
    }
  }
}
