package io.informer4j.reader;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lazily creates and keeps one informer per (type, representation) for one namespace, for any API
 * that a {@link ListWatcherFactory} can list and watch: the seed's {@code InformersMap}, corrected.
 *
 * <ul>
 *   <li>{@link #get} creates an informer on first use. The factory runs exactly once per key, outside
 *       any lock (racing callers share a per-key future; other keys are never blocked); if it throws,
 *       nothing is registered and a later {@code get} tries again.
 *   <li>Lifecycle NEW → STARTED → STOPPED. Informers created before {@link #start()} start with it;
 *       after it, at once. After {@link #stop}, nothing is created or started.
 *   <li>Scope comes from the registry per type; typed and dynamic representations of one type are
 *       different keys with different informers.
 *   <li>Every informer runs on the one {@link InformerRuntime} of the map, and draws its own resync
 *       period in [0.9, 1.1) × the resolved sync period.
 * </ul>
 *
 * <p>Thread-safe. Only {@code get} (while an informer syncs), {@code waitForCacheSync} and
 * {@code stop} block, each up to the caller's timeout, on futures (never by polling).
 */
public final class InformersMap implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(InformersMap.class);

  /** The base resync period when none is configured, as in controller-runtime. */
  public static final Duration DEFAULT_RESYNC = Duration.ofHours(10);

  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

  private enum State { NEW, STARTED, STOPPED }

  private final TypeRegistry registry;
  private final String namespace;
  private final InformerRuntime runtime;
  private final boolean ownsRuntime;
  private final InformerAssembler assembler;
  private final ConcurrentHashMap<InformerKey, CompletableFuture<MapEntry<?>>> entries = new ConcurrentHashMap<>();
  private final CompletableFuture<Void> startedSignal = new CompletableFuture<>();
  private final Object lifecycle = new Object();
  private volatile State state = State.NEW;

  /**
   * Creates a map with default cache options, as the seed's {@code NewInformersMap}.
   *
   * @param registry  scopes of types and types of classes
   * @param resync    base resync period ({@link Duration#ZERO} for none)
   * @param namespace the namespace to cache, {@code ""} for all
   * @param factory   builds each informer's source
   * @param runtime   the threads every informer of the map runs on; owned by the caller
   */
  public InformersMap(TypeRegistry registry, Duration resync, String namespace, ListWatcherFactory factory,
                      InformerRuntime runtime) {
    this(builder(registry, factory).resync(resync).namespace(namespace).runtime(runtime));
  }

  InformersMap(InformersMapBuilder b) {
    this.registry = b.registry;
    this.namespace = b.namespace;
    this.ownsRuntime = b.runtime == null;
    this.runtime = ownsRuntime ? InformerRuntime.create("informers-map") : b.runtime;
    this.assembler = new InformerAssembler(b.registry, b.namespace, b.factory, runtime, b.options, b.resync, b.random);
  }

  /** Starts configuring a map over {@code registry} and {@code factory}. */
  public static InformersMapBuilder builder(TypeRegistry registry, ListWatcherFactory factory) {
    return new InformersMapBuilder(registry, factory);
  }

  /**
   * Returns the entry of {@code type} in {@code representation}, creating (and, if the map has
   * started, starting) its informer on first use; if the map has started and the informer has not
   * synced, blocks until it has. Before {@link #start()} it never blocks on sync and returns
   * {@code started == false} with a still-empty cache.
   *
   * @param timeout how long to wait for the informer to be created (by a racing caller) and to sync
   * @throws CacheTimeoutException                    if the timeout passed or the thread was interrupted
   * @throws TypeMismatchException                    if the registry maps the representation's class to
   *                                                  another type
   * @throws io.informer4j.meta.UnknownTypeException if the registry does not know the type
   * @throws IllegalStateException                    if the map has stopped and the informer was not
   *                                                  already synced ("informer map stopped")
   * @throws RuntimeException                         whatever the list-watch factory threw
   */
  public <T> MapLookup<T> get(TypeKey type, Representation<T> representation, Duration timeout) {
    return get(type, representation, true, timeout);
  }

  /**
   * As {@link #get(TypeKey, Representation, Duration)}, but with {@code blockUntilSynced} false it
   * returns without waiting for the sync (controller-runtime's {@code BlockUntilSynced(false)}).
   */
  public <T> MapLookup<T> get(TypeKey type, Representation<T> representation, boolean blockUntilSynced,
                              Duration timeout) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(representation, "representation");
    Deadline deadline = Deadline.after(Objects.requireNonNull(timeout, "timeout"));
    MapEntry<T> entry = entryFor(new InformerKey(type, representation), representation, deadline);
    State now = state;
    if (now == State.NEW) {
      return new MapLookup<>(false, entry);
    }
    if (!entry.informer().hasSynced()) {
      if (now == State.STOPPED) {
        throw mapStopped();
      }
      if (blockUntilSynced) {
        awaitSync(entry, deadline);
      }
    }
    return new MapLookup<>(true, entry);
  }

  /** Returns the entry of a class registered in the type registry, as {@link #get(TypeKey, Representation, Duration)}. */
  public <T> MapLookup<T> get(Representation<T> representation, Duration timeout) {
    return get(registry.requireTypeOf(representation.javaClass()), representation, timeout);
  }

  /** Returns the entry of {@code type} in {@code representation} if registered; never creates one. */
  @SuppressWarnings("unchecked")
  public <T> Optional<MapEntry<T>> find(TypeKey type, Representation<T> representation) {
    CompletableFuture<MapEntry<?>> future = entries.get(new InformerKey(type, representation));
    return future != null && isRegistered(future) ? Optional.of((MapEntry<T>) future.join()) : Optional.empty();
  }

  @SuppressWarnings("unchecked")
  private <T> MapEntry<T> entryFor(InformerKey key, Representation<T> representation, Deadline deadline) {
    CompletableFuture<MapEntry<?>> future = entries.get(key);
    if (future == null) {
      if (state == State.STOPPED) {
        throw mapStopped();
      }
      checkRepresentation(key.type(), representation);
      CompletableFuture<MapEntry<?>> mine = new CompletableFuture<>();
      future = entries.putIfAbsent(key, mine);
      if (future == null) {
        return create(key, representation, mine);
      }
    }
    return (MapEntry<T>) awaitCreation(future, key, deadline);
  }

  private void checkRepresentation(TypeKey type, Representation<?> representation) {
    registry.typeOf(representation.javaClass()).ifPresent(registered -> {
      if (!registered.equals(type)) {
        throw new TypeMismatchException(type, representation, registered);
      }
    });
  }

  private <T> MapEntry<T> create(InformerKey key, Representation<T> representation,
                                 CompletableFuture<MapEntry<?>> mine) {
    MapEntry<T> entry;
    try {
      entry = assembler.assemble(key.type(), representation);
    } catch (RuntimeException | Error e) {
      entries.remove(key, mine);
      mine.completeExceptionally(e);
      throw e;
    }
    synchronized (lifecycle) {
      if (state == State.STOPPED || entries.get(key) != mine) {
        IllegalStateException refused = state == State.STOPPED ? mapStopped()
            : new IllegalStateException("informer of " + key.type() + " " + representation + " was removed while it was being created");
        entries.remove(key, mine);
        mine.completeExceptionally(refused);
        throw refused;
      }
      if (state == State.STARTED) {
        entry.informer().start();
      }
      mine.complete(entry);
    }
    log.debug("informers map ({}): registered informer {}", describeNamespace(), entry.informer().name());
    return entry;
  }

  private static MapEntry<?> awaitCreation(CompletableFuture<MapEntry<?>> future, InformerKey key, Deadline deadline) {
    try {
      return future.get(deadline.remainingNanos(), TimeUnit.NANOSECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
    } catch (TimeoutException e) {
      throw new CacheTimeoutException(key.type(), key.representation(), "be created", null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CacheTimeoutException(key.type(), key.representation(), "be created", e);
    }
  }

  private void awaitSync(MapEntry<?> entry, Deadline deadline) {
    try {
      awaitSyncedOrEnded(entry.informer(), deadline);
    } catch (TimeoutException e) {
      throw new CacheTimeoutException(entry.type(), entry.representation(), "sync", null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CacheTimeoutException(entry.type(), entry.representation(), "sync", e);
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
   * Stops and removes one informer (its watch closes and its handlers stop), if registered. The
   * next {@code get} creates a new one. Non-blocking: wait on the returned entry's
   * {@code informer().stopped()} to know its work ended.
   *
   * @return the removed entry, or empty when none was registered
   */
  @SuppressWarnings("unchecked")
  public <T> Optional<MapEntry<T>> removeInformer(TypeKey type, Representation<T> representation) {
    CompletableFuture<MapEntry<?>> future = entries.remove(new InformerKey(type, representation));
    if (future == null || !isRegistered(future)) {
      return Optional.empty();
    }
    MapEntry<T> entry = (MapEntry<T>) future.join();
    entry.informer().stop();
    log.debug("informers map ({}): removed informer {}", describeNamespace(), entry.informer().name());
    return Optional.of(entry);
  }

  /**
   * Starts every registered informer; informers registered later start at once. Returns without
   * waiting for anything.
   *
   * @throws IllegalStateException "informer map already started" on a second call, "informer map
   *                               stopped" after {@link #stop}
   */
  public void start() {
    synchronized (lifecycle) {
      if (state == State.STARTED) {
        throw new IllegalStateException("informer map already started");
      }
      if (state == State.STOPPED) {
        throw mapStopped();
      }
      state = State.STARTED;
      registered().forEach(entry -> entry.informer().start());
    }
    startedSignal.complete(null);
    log.debug("informers map ({}): started", describeNamespace());
  }

  /**
   * Stops every informer and waits until their work ended (and, when the map created its own
   * runtime, until its threads ended). Afterwards no informer is created or started; gets of synced
   * informers keep working (reads during a graceful shutdown). Idempotent.
   *
   * @return true if everything ended within the timeout
   * @throws InterruptedException if interrupted while waiting
   */
  public boolean stop(Duration timeout) throws InterruptedException {
    Deadline deadline = Deadline.after(timeout);
    List<MapEntry<?>> toStop;
    synchronized (lifecycle) {
      state = State.STOPPED;
      toStop = registered();
    }
    startedSignal.completeExceptionally(mapStopped());
    toStop.forEach(entry -> entry.informer().stop());
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
      ended &= runtime.close(deadline.remaining());
    }
    log.debug("informers map ({}): stopped {} informers", describeNamespace(), toStop.size());
    return ended;
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
   * Waits until the map has started and every informer registered at the time of the call has
   * synced (informers registered later are not waited for). Completes from futures, without polling.
   *
   * @return true when they all synced within the timeout (at once after start when there are none);
   *         false on timeout, interruption, if the map stopped, or an informer failed or was removed
   */
  public boolean waitForCacheSync(Duration timeout) {
    List<MapEntry<?>> snapshot = registered();
    Deadline deadline = Deadline.after(timeout);
    try {
      startedSignal.get(deadline.remainingNanos(), TimeUnit.NANOSECONDS);
      for (MapEntry<?> entry : snapshot) {
        awaitSyncedOrEnded(entry.informer(), deadline);
        if (!entry.informer().hasSynced()) {
          return false;
        }
      }
      return true;
    } catch (ExecutionException | TimeoutException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Returns a snapshot of the sync checks of the registered informers; takes no lock. */
  public List<BooleanSupplier> hasSyncedFuncs() {
    List<BooleanSupplier> checks = new ArrayList<>();
    for (MapEntry<?> entry : registered()) {
      checks.add(entry.informer()::hasSynced);
    }
    return checks;
  }

  /** Returns a snapshot of the registered entries, in no particular order. */
  public List<MapEntry<?>> entries() {
    return registered();
  }

  private List<MapEntry<?>> registered() {
    List<MapEntry<?>> out = new ArrayList<>();
    for (CompletableFuture<MapEntry<?>> future : entries.values()) {
      if (isRegistered(future)) {
        out.add(future.join());
      }
    }
    return out;
  }

  private static boolean isRegistered(CompletableFuture<MapEntry<?>> future) {
    return future.isDone() && !future.isCompletedExceptionally();
  }

  /** Returns true once {@link #start()} was called (also after stop). */
  public boolean isStarted() {
    return state != State.NEW;
  }

  /** Returns true once {@link #stop} was called. */
  public boolean isStopped() {
    return state == State.STOPPED;
  }

  /** Returns the namespace the map caches, {@code ""} for all. */
  public String namespace() {
    return namespace;
  }

  /** Returns the type registry. */
  public TypeRegistry registry() {
    return registry;
  }

  /** Returns the runtime the informers run on. */
  public InformerRuntime runtime() {
    return runtime;
  }

  private static IllegalStateException mapStopped() {
    return new IllegalStateException("informer map stopped");
  }

  private String describeNamespace() {
    return namespace.isEmpty() ? "all namespaces" : "namespace " + namespace;
  }
}
