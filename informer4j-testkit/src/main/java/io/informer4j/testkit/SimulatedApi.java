package io.informer4j.testkit;

import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.source.Backend;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.ResourceVersionOrder;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.TypePresence;
import io.informer4j.time.Clock;
import io.informer4j.time.ExecutorScheduler;
import io.informer4j.time.Scheduler;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * An in-memory, versioned list-watch API with Kubernetes semantics and fault injection: the server
 * every informer4j test, demo and benchmark can run against.
 *
 * <p>Like Kubernetes over etcd, it serves many types (each namespaced or cluster-scoped, installed
 * and uninstalled at runtime), one global resourceVersion that every write of every type increments,
 * a bounded history of writes for watches, lists at the latest or an exact version with consistent
 * pagination, watches that replay history or start with the current state, watch-list streaming,
 * bookmarks, and namespace, label and field selection. It is a {@link Backend}: every type, installed
 * or not, is served as {@link SimObject}s ({@link #type(TypeKey)}); discovery answers from the
 * installed types, and installing a type is the type-added signal. {@link #faults()} breaks things;
 * {@link #requests()} tells what clients asked.
 *
 * <p>Thread-safe. Writes block briefly on one lock and cost O(log n) plus the number of open
 * watches of the type. Watch events are delivered asynchronously on a few daemon threads owned by the
 * API; {@link #close()} ends every watch and stops those threads.
 *
 * <pre>{@code
 * try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build()) {
 *   api.create(PODS, SimObject.of("shop", "web-1").withLabel("app", "web"));
 *   ListerWatcher<SimObject> pods = api.listerWatcher(PODS);
 *   ...
 * }
 * }</pre>
 */
public final class SimulatedApi implements Backend, AutoCloseable {

  private static final AtomicInteger INSTANCES = new AtomicInteger();

  private final Storage storage;
  private final RequestLog requestLog = new RequestLog();
  private final FaultInjector faults;
  private final RequestGate gate;
  private final ScheduledThreadPoolExecutor executor;
  private final BookmarkTicker bookmarks;
  private final ListService lists;
  private final WatchService watches;
  private final InstalledTypes installedTypes;

  SimulatedApi(SimulatedApiBuilder options) {
    storage = new Storage(options.historyLimit);
    installedTypes = new InstalledTypes(storage);
    faults = new FaultInjector(storage);
    gate = new RequestGate(requestLog, faults);
    executor = new ScheduledThreadPoolExecutor(options.deliveryThreads, daemonThreads());
    executor.setRemoveOnCancelPolicy(true);
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    Clock clock = options.clock != null ? options.clock : Clock.system();
    Scheduler scheduler = options.scheduler != null ? options.scheduler : new ExecutorScheduler(executor);
    DeliveryContext delivery = new DeliveryContext(executor, scheduler, clock, faults::eventLatencyNanos);
    lists = new ListService(storage, gate);
    watches = new WatchService(storage, gate, faults, delivery, options.rejectWatchList, options.throwExpiredAtWatchOpen);
    options.types.forEach(this::install);
    bookmarks = new BookmarkTicker(storage, scheduler, options.bookmarkInterval);
    bookmarks.start();
  }

  private static ThreadFactory daemonThreads() {
    int instance = INSTANCES.incrementAndGet();
    AtomicInteger threads = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, "informer4j-simulated-api-" + instance + "-" + threads.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  /** Returns a builder with the defaults described in {@link SimulatedApiBuilder}. */
  public static SimulatedApiBuilder builder() {
    return new SimulatedApiBuilder();
  }

  /**
   * Installs a type; its field selectors may use any content path. Installing it again with the
   * same scope does nothing.
   *
   * @return this API
   * @throws IllegalArgumentException if it is installed with another scope
   */
  public SimulatedApi install(TypeKey type, Scope scope) {
    return install(type, scope, null);
  }

  /**
   * Installs a type whose field selectors may only use {@code metadata.name},
   * {@code metadata.namespace} and {@code selectableFields}; others are rejected with
   * {@code InvalidRequestException} (400), as Kubernetes rejects unsupported field labels; null
   * allows any path. {@link #onTypeAdded} listeners hear of a new installation at once.
   *
   * @return this API
   */
  public SimulatedApi install(TypeKey type, Scope scope, Set<String> selectableFields) {
    if (storage.install(type, scope, selectableFields == null ? null : Set.copyOf(selectableFields))) {
      installedTypes.installed(type);
    }
    return this;
  }

  /**
   * Uninstalls a type as Kubernetes deletes a CRD: each object is deleted (watches receive DELETED
   * events), then open watches of the type close cleanly; lists, watches and writes of it then fail
   * with {@code TypeNotFoundException} until it is installed again.
   *
   * @return false when it was not installed
   */
  public boolean uninstall(TypeKey type) {
    return storage.uninstall(type);
  }

  /** Returns true when {@code type} is installed. */
  public boolean isInstalled(TypeKey type) {
    return storage.isInstalled(type);
  }

  /**
   * Creates an object; the server sets its uid and resourceVersion.
   *
   * @return the stored object
   * @throws WriteRejectedException           if it exists
   * @throws IllegalArgumentException         if it has no name, or its namespace does not fit the scope
   * @throws io.informer4j.source.TypeNotFoundException if the type is not installed
   */
  public SimObject create(TypeKey type, SimObject object) {
    return storage.create(type, object);
  }

  /**
   * Replaces an object's labels, annotations and content. A non-empty resourceVersion or uid in
   * {@code object} is a precondition; an update that changes nothing is a no-op (no new version, no
   * event), as in Kubernetes.
   *
   * @return the stored object
   * @throws WriteRejectedException if it does not exist, or a precondition fails
   */
  public SimObject update(TypeKey type, SimObject object) {
    return storage.update(type, object);
  }

  /**
   * Creates or replaces an object unconditionally (as server-side apply with force); the uid is kept
   * on replace. A replace that changes nothing is a no-op.
   *
   * @return the stored object
   */
  public SimObject upsert(TypeKey type, SimObject object) {
    return storage.upsert(type, object);
  }

  /**
   * Deletes an object.
   *
   * @return its last state, carrying the deletion's resourceVersion, as watches see it
   * @throws WriteRejectedException if it does not exist
   */
  public SimObject delete(TypeKey type, String namespace, String name) {
    return storage.delete(type, namespace, name);
  }

  /**
   * Returns an object's current state, if it exists.
   *
   * @throws io.informer4j.source.TypeNotFoundException if the type is not installed
   */
  public Optional<SimObject> get(TypeKey type, String namespace, String name) {
    return storage.get(type, namespace, name);
  }

  /**
   * Returns the truth: every current object of {@code type} by cache key ({@code "ns/name"} or
   * {@code "name"}), in key order; an unmodifiable copy made under the read lock.
   *
   * @throws io.informer4j.source.TypeNotFoundException if the type is not installed
   */
  public Map<String, SimObject> snapshot(TypeKey type) {
    return storage.snapshot(type);
  }

  /** Returns the resourceVersion of the last write, of any type ({@code "1"} before any write). */
  public String currentResourceVersion() {
    return Long.toString(storage.revision());
  }

  /** Returns the newest resourceVersion whose history is compacted ({@code "0"} when none is). */
  public String compactedResourceVersion() {
    return Long.toString(storage.read(storage::compactedRevision));
  }

  /**
   * Compacts all history up to now: watches from, continue tokens at and exact lists at older
   * versions then fail with {@code ExpiredException}.
   */
  public void compact() {
    storage.compact();
  }

  /** Returns the objects of {@code type} as {@link SimObject}s (the only representation served). */
  public ObjectType<SimObject> type(TypeKey type) {
    return ObjectType.of(type, SimObject.class, SimObject.ADAPTER);
  }

  /**
   * Returns the source of {@code type}, installed or not (a type that is not installed answers lists
   * and watches with {@code TypeNotFoundException}).
   *
   * @throws UnknownTypeException naming the refused class, if the representation is not {@link SimObject}
   */
  @Override
  @SuppressWarnings("unchecked")
  public <T> ListerWatcher<T> listerWatcher(ObjectType<T> type) {
    if (type.javaClass() != SimObject.class) {
      throw new UnknownTypeException(type, "the simulated API serves " + SimObject.class.getName() + " only");
    }
    return (ListerWatcher<T>) listerWatcher(type.key());
  }

  /** Returns the source of {@code type} as {@link SimObject}s: {@code listerWatcher(type(type))}. */
  public ListerWatcher<SimObject> listerWatcher(TypeKey type) {
    return new SimulatedListerWatcher(type, lists, watches);
  }

  /** Returns the installed types with their scopes; no class stands for a type. */
  @Override
  public TypeRegistry types() {
    return installedTypes;
  }

  /** Returns present (with the scope) for an installed type, absent otherwise. */
  @Override
  public TypePresence presence(TypeKey type) {
    return installedTypes.presence(type);
  }

  /** Tells {@code listener} of every type installed from now on, on the installing thread. */
  @Override
  public AutoCloseable onTypeAdded(Consumer<TypeKey> listener) {
    return installedTypes.onTypeAdded(listener);
  }

  /** Returns {@link ResourceVersionOrder#NUMERIC}: every write takes the next number of one global counter. */
  @Override
  public ResourceVersionOrder resourceVersionOrder(TypeKey type) {
    return ResourceVersionOrder.NUMERIC;
  }

  @Override
  public String description() {
    return "SimulatedApi";
  }

  /** Returns every list and watch request received so far, oldest first. */
  public List<RecordedRequest> requests() {
    return requestLog.snapshot();
  }

  /** Forgets the recorded requests. */
  public void clearRequests() {
    requestLog.clear();
  }

  /** Returns the fault injector of this API. */
  public FaultInjector faults() {
    return faults;
  }

  /** Returns how many watches are open, over all types. */
  public int openWatchCount() {
    return storage.stores().stream().mapToInt(store -> (int) store.watches().stream().filter(ServerWatch::isOpen).count()).sum();
  }

  /**
   * Closes the API: further requests are refused, open watches break with {@code CONNECTION_LOST},
   * and the delivery threads stop (waiting up to 5 s for deliveries in progress). Idempotent.
   */
  @Override
  public void close() {
    gate.close();
    bookmarks.stop();
    storage.stores().forEach(store -> store.watches().forEach(watch -> watch.drop(
        new TransientSourceException("the simulated API was closed", TransientSourceException.Reason.CONNECTION_LOST))));
    executor.shutdown();
    try {
      if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
        executor.shutdownNow();
      }
    } catch (InterruptedException e) {
      executor.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
