package io.informer4j.reader;

import io.informer4j.cache.IndexFunction;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleSupplier;

/**
 * A read-only cache of any number of types from any list-watch API, configured by
 * {@link CacheOptions} (controller-runtime's {@code cache.Cache}): one {@link InformersMap} per
 * namespace it covers, all on one {@link InformerRuntime}; {@link #reader} routes reads by namespace
 * and joins lists across namespaces.
 *
 * <p>Reading a type before {@link #start()} registers its informer (so start starts it) and fails
 * with {@link CacheNotStartedException}; with {@link CacheOptions#failOnMissingInformer()}, reading a
 * type nobody registered (through {@link #getInformer}, {@link #indexField} or an earlier read) fails
 * with {@link NotCachedException} instead. Reads of a started cache wait, up to the read timeout, for
 * the type's informers to sync.
 *
 * <p>Thread-safe.
 */
public final class InformerCache implements AutoCloseable {

  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

  private final TypeRegistry registry;
  private final CacheOptions options;
  private final Map<String, InformersMap> maps;
  private final InformerRuntime runtime;
  private final boolean ownsRuntime;
  private final Duration readTimeout;

  private InformerCache(Builder b) {
    this.registry = b.registry;
    this.options = b.options;
    this.ownsRuntime = b.runtime == null;
    this.runtime = ownsRuntime ? InformerRuntime.create("cache") : b.runtime;
    this.readTimeout = b.readTimeout;
    Map<String, InformersMap> byNamespace = new LinkedHashMap<>();
    for (String namespace : options.allNamespaces()) {
      byNamespace.put(namespace, InformersMap.builder(b.registry, b.factory).namespace(namespace).resync(b.resync)
          .runtime(runtime).options(options).random(b.random).build());
    }
    this.maps = Collections.unmodifiableMap(byNamespace);
  }

  /** Starts configuring a cache over {@code registry}, fed by {@code factory}. */
  public static Builder builder(TypeRegistry registry, ListWatcherFactory factory) {
    return new Builder(registry, factory);
  }

  /**
   * Returns the reader of {@code type} in {@code representation}. Cheap; readers may be kept.
   *
   * @throws io.informer4j.meta.UnknownTypeException if the registry does not know the type
   */
  public <T> CacheReader<T> reader(TypeKey type, Representation<T> representation) {
    Scope scope = registry.requireScope(type);
    return new RoutingCacheReader<>(type, representation, scope, options.namespacesOf(type, scope), maps,
        options.failOnMissingInformer(), readTimeout);
  }

  /**
   * Returns the reader of the type the registry maps {@code representation}'s class to.
   *
   * @throws io.informer4j.meta.UnknownTypeException if the class or its type is not registered
   */
  public <T> CacheReader<T> reader(Representation<T> representation) {
    return reader(registry.requireTypeOf(representation.javaClass()), representation);
  }

  /**
   * Returns the informers of {@code type}, creating them if needed (also before start, and whatever
   * {@link CacheOptions#failOnMissingInformer()} says). With {@code blockUntilSynced} and a started
   * cache, waits up to the read timeout for them to sync.
   *
   * @throws CacheTimeoutException as {@link InformersMap#get}
   * @throws IllegalStateException if the cache has stopped and an informer was not synced
   */
  public <T> TypeInformers<T> getInformer(TypeKey type, Representation<T> representation, boolean blockUntilSynced) {
    List<MapEntry<T>> entries = new ArrayList<>();
    for (InformersMap map : mapsOf(type)) {
      entries.add(map.get(type, representation, blockUntilSynced, readTimeout).entry());
    }
    return new TypeInformers<>(type, entries);
  }

  /**
   * Stops and removes the informers of {@code type} in {@code representation}; the next read or
   * {@code getInformer} creates new ones.
   *
   * @return true if any informer was registered
   */
  public boolean removeInformer(TypeKey type, Representation<?> representation) {
    boolean removed = false;
    for (InformersMap map : mapsOf(type)) {
      removed |= map.removeInformer(type, representation).isPresent();
    }
    return removed;
  }

  /**
   * Adds the field index of {@code field} to the informers of {@code type}, creating them if needed,
   * without waiting for their sync; works before and after start.
   *
   * @throws IllegalArgumentException if the field already has an index
   */
  public <T> void indexField(TypeKey type, Representation<T> representation, String field, IndexFunction<T> extractor) {
    for (MapEntry<T> entry : getInformer(type, representation, false).entries().values()) {
      entry.indexField(field, extractor);
    }
  }

  private List<InformersMap> mapsOf(TypeKey type) {
    List<InformersMap> out = new ArrayList<>();
    for (String namespace : options.namespacesOf(type, registry.requireScope(type))) {
      out.add(maps.get(namespace));
    }
    return out;
  }

  /**
   * Starts every informer registered so far; later ones start at once.
   *
   * @throws IllegalStateException on a second call ("informer map already started") or after stop
   */
  public synchronized void start() {
    for (InformersMap map : maps.values()) {
      map.start();
    }
  }

  /**
   * Stops every informer and waits until their work ended (and, when the cache created its own
   * runtime, its threads). Idempotent.
   *
   * @return true if everything ended within the timeout
   * @throws InterruptedException if interrupted while waiting
   */
  public boolean stop(Duration timeout) throws InterruptedException {
    Deadline deadline = Deadline.after(timeout);
    boolean ended = true;
    for (InformersMap map : maps.values()) {
      ended &= map.stop(deadline.remaining());
    }
    if (ownsRuntime) {
      ended &= runtime.close(deadline.remaining());
    }
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
   * Waits until the cache started and every informer registered at the time of the call synced.
   *
   * @return false on timeout, interruption, stop, or a failed or removed informer
   */
  public boolean waitForCacheSync(Duration timeout) {
    Deadline deadline = Deadline.after(timeout);
    for (InformersMap map : maps.values()) {
      if (!map.waitForCacheSync(deadline.remaining())) {
        return false;
      }
    }
    return true;
  }

  /** Returns a snapshot of the sync checks of every registered informer. */
  public List<BooleanSupplier> hasSyncedFuncs() {
    List<BooleanSupplier> checks = new ArrayList<>();
    maps.values().forEach(map -> checks.addAll(map.hasSyncedFuncs()));
    return checks;
  }

  /** Returns the informers maps by namespace ({@code ""}: all namespaces and cluster-scoped types). */
  public Map<String, InformersMap> maps() {
    return maps;
  }

  /** Returns the options. */
  public CacheOptions options() {
    return options;
  }

  /** Configures an {@link InformerCache}. Not thread-safe. */
  public static final class Builder {
    private final TypeRegistry registry;
    private final ListWatcherFactory factory;
    private CacheOptions options = CacheOptions.defaults();
    private InformerRuntime runtime;
    private Duration resync = InformersMap.DEFAULT_RESYNC;
    private Duration readTimeout = Duration.ofSeconds(30);
    private DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();

    private Builder(TypeRegistry registry, ListWatcherFactory factory) {
      this.registry = Objects.requireNonNull(registry, "registry");
      this.factory = Objects.requireNonNull(factory, "factory");
    }

    /** Sets what is cached and how reads behave. */
    public Builder options(CacheOptions options) {
      this.options = Objects.requireNonNull(options, "options");
      return this;
    }

    /** Sets the runtime all informers run on, owned by the caller; default: one owned by the cache. */
    public Builder runtime(InformerRuntime runtime) {
      this.runtime = Objects.requireNonNull(runtime, "runtime");
      return this;
    }

    /** Sets the base resync period used when the options set none (default 10 hours). */
    public Builder resync(Duration resync) {
      this.resync = Objects.requireNonNull(resync, "resync");
      return this;
    }

    /**
     * Sets how long a read of a started cache waits for the type's informers to sync (default 30 s);
     * past it the read fails with {@link CacheTimeoutException}.
     */
    public Builder readTimeout(Duration readTimeout) {
      this.readTimeout = Objects.requireNonNull(readTimeout, "readTimeout");
      return this;
    }

    /** Supplies numbers in [0, 1) for the resync jitter. */
    public Builder random(DoubleSupplier random) {
      this.random = Objects.requireNonNull(random, "random");
      return this;
    }

    /** Returns the cache, not started. */
    public InformerCache build() {
      return new InformerCache(this);
    }
  }
}
