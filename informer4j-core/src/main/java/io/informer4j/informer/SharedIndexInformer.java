package io.informer4j.informer;

import io.informer4j.cache.IndexFunction;
import io.informer4j.cache.Indexer;
import io.informer4j.informer.internal.DefaultSharedIndexInformer;
import io.informer4j.informer.internal.InformerConfig;
import io.informer4j.informer.internal.ReflectorSettings;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Selection;
import io.informer4j.source.SourceException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import java.util.function.UnaryOperator;

/**
 * Keeps a cache of one object type in step with a source: lists it, watches for changes from the
 * version listed, recovers from every failure (re-watching, relisting or backing off), and notifies
 * handlers after each change is in the cache.
 *
 * <p>Guarantees: the cache converges to the source's state; per object, the states handlers see are
 * a subsequence of the source's; a relist replaces the cache atomically before handlers hear about
 * it, and objects it no longer finds are delivered as deletes with {@code finalStateUnknown}; an
 * informer never stops silently: {@link #state()} says what it does, and {@link #stopped()}
 * completes (exceptionally, with the cause, when it failed).
 *
 * <p>All methods are thread-safe and non-blocking unless stated.
 *
 * @param <T> the object type
 */
public interface SharedIndexInformer<T> {

  /**
   * Starts building an informer over {@code source}.
   *
   * @param source  lists and watches the objects
   * @param adapter reads object identity and versions
   */
  static <T> Builder<T> builder(ListerWatcher<T> source, ObjectAdapter<T> adapter) {
    return new Builder<>(source, adapter);
  }

  /** Returns the informer's name (used in logs, status and metrics). */
  String name();

  /**
   * Adds a handler with the resync period of its options (the informer's default unless they set
   * one). Added after start, it first receives the current cache content as adds (with
   * {@code inInitialList} true), before any later notification. A resync period shorter than the
   * informer's resync check period, or one on an informer that had none, makes the informer check
   * that often from then on (client-go keeps the check period fixed once started).
   *
   * @throws IllegalStateException if the informer has stopped
   */
  HandlerRegistration addEventHandler(EventHandler<T> handler, HandlerOptions options);

  /** Adds a handler named after its class, with the informer's default resync period. */
  default HandlerRegistration addEventHandler(EventHandler<T> handler) {
    return addEventHandler(handler, HandlerOptions.named(handler.getClass().getName()));
  }

  /**
   * Removes a handler. Idempotent and non-blocking; the notification it is handling finishes, and
   * those still queued for it are dropped.
   */
  void removeEventHandler(HandlerRegistration registration);

  /**
   * Removes a handler and waits until it no longer runs.
   *
   * @return true if it finished within the timeout
   * @throws IllegalStateException if called from the handler itself (it would wait for itself)
   */
  boolean removeEventHandlerAndWait(HandlerRegistration registration, Duration timeout) throws InterruptedException;

  /** Returns the handlers currently registered, in registration order. */
  java.util.List<HandlerRegistration> handlers();

  /** Returns the cache (read access and indexes). */
  Indexer<T> indexer();

  /** Adds indexes, built at once over the cached objects; allowed while running. */
  void addIndexers(Map<String, IndexFunction<T>> indexers);

  /**
   * Starts listing and watching, on the informer's runtime threads; returns at once.
   *
   * @throws IllegalStateException if already started or stopped
   */
  void start();

  /** Stops: closes the watch, cancels timers, drops queued notifications. Idempotent, non-blocking. */
  void stop();

  /**
   * Stops and waits until no task of this informer runs (and, if it owns its runtime, until its
   * threads ended).
   *
   * @return true if everything ended within the timeout
   */
  boolean stop(Duration timeout) throws InterruptedException;

  /** Returns true once the first list has been applied to the cache. */
  boolean hasSynced();

  /** Completes when {@link #hasSynced()} becomes true; completes exceptionally if the informer fails first. */
  CompletableFuture<Void> synced();

  /**
   * Blocks until synced, without polling.
   *
   * @return true if synced within the timeout; false on timeout or if the informer ended first
   */
  boolean waitForCacheSync(Duration timeout) throws InterruptedException;

  /**
   * Completes at the informer's first contact with its source: normally once its first list was
   * applied; exceptionally with the first failed list or watch attempt before that (a
   * {@link io.informer4j.source.SourceException} saying what went wrong: unreachable, refused,
   * forbidden…), or with what ended the informer if it stopped or failed first. Later failures do not
   * change it. A start-up check waits on it (see the manager's start timeout).
   */
  CompletableFuture<Void> firstContact();

  /**
   * Completes when the informer has stopped and its tasks ended: normally after {@link #stop()},
   * exceptionally with {@link InformerFailedException} when it failed.
   */
  CompletableFuture<Void> stopped();

  /** Returns the current state. */
  InformerState state();

  /** Returns true when the state is STOPPED or FAILED. */
  default boolean isStopped() {
    return state().isTerminal();
  }

  /** Returns the last resourceVersion seen from the source ({@code ""} before the first list). */
  String lastSyncResourceVersion();

  /** Returns a snapshot of state and counters. */
  InformerStatus status();

  /**
   * Configures a {@link SharedIndexInformer}. Defaults follow client-go: watch-list on (with fallback),
   * automatic paging, 5–10 minute watch timeouts, 0.8 s → 30 s jittered backoff, retry forever, no
   * resync; and, beyond client-go, liveness checks: a watch silent for 30 s is re-opened, a list or
   * watch opening that receives nothing for 30 s is abandoned, a watch-list whose initial events stop
   * for 30 s falls back to listing, and refused connections are retried within a second. Not thread-safe; the informer it builds is.
   *
   * @param <T> the object type
   */
  final class Builder<T> {

    private final ListerWatcher<T> source;
    private final ObjectAdapter<T> adapter;
    private String name;
    private Selection selection = Selection.all();
    private Duration resyncPeriod = Duration.ZERO;
    private UnaryOperator<T> transform;
    private boolean compactObjects = true;
    private final Map<String, IndexFunction<T>> indexers = new LinkedHashMap<>();
    private InformerRuntime runtime;
    private long pageSize;
    private boolean watchList = true;
    private Duration watchListTimeout = Duration.ofSeconds(30);
    private Duration minWatchTimeout = Duration.ofMinutes(5);
    private Duration watchIdleTimeout = Duration.ofSeconds(30);
    private Duration readTimeout = Duration.ofSeconds(30);
    private BackoffPolicy backoff = BackoffPolicy.DEFAULT;
    private BackoffPolicy reconnectBackoff = BackoffPolicy.RECONNECT;
    private RetryPolicy retryPolicy = RetryPolicy.ALWAYS;
    private Consumer<SourceException> watchErrorHandler = e -> { };
    private boolean rereadStaleObjects = true;
    private DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();

    private Builder(ListerWatcher<T> source, ObjectAdapter<T> adapter) {
      this.source = Objects.requireNonNull(source, "source");
      this.adapter = Objects.requireNonNull(adapter, "adapter");
    }

    /** Names the informer in logs, status and metrics (default: the source's description). */
    public Builder<T> name(String name) {
      this.name = Objects.requireNonNull(name, "name");
      return this;
    }

    /** Restricts what is listed and watched: a namespace and label and field selectors. */
    public Builder<T> selection(Selection selection) {
      this.selection = Objects.requireNonNull(selection, "selection");
      return this;
    }

    /**
     * Sets the default resync period: handlers added without their own get it, and it is the initial
     * resync check period. Zero (the default) for none; at least one second otherwise.
     */
    public Builder<T> resyncPeriod(Duration period) {
      this.resyncPeriod = HandlerOptions.named("default").withResync(Objects.requireNonNull(period, "period"))
          .resyncPeriod();
      return this;
    }

    /**
     * Transforms every object before it is cached (for example to drop fields and save memory). Runs
     * before anyone else sees the object, also on watch-list buffers; must be idempotent and
     * thread-safe; a throw or null result makes that object count as malformed.
     */
    public Builder<T> transform(UnaryOperator<T> transform) {
      this.transform = Objects.requireNonNull(transform, "transform");
      return this;
    }

    /**
     * Whether the cache keeps objects in their compact form ({@link ObjectAdapter#compact}; for
     * Kubernetes objects read-only collections, shared strings and compressed ConfigMap/Secret data,
     * a fifth to a half of the memory: docs/PERFORMANCE.md), the default, or as decoded
     * ({@code false}: ordinary objects, at a cost in memory). Handlers receive the cached objects
     * either way and must not change them; the cache reader's copies are modifiable in both.
     */
    public Builder<T> compactObjects(boolean compact) {
      this.compactObjects = compact;
      return this;
    }

    /** Adds an index (the {@code namespace} index always exists). */
    public Builder<T> indexer(String name, IndexFunction<T> function) {
      if (indexers.putIfAbsent(Objects.requireNonNull(name, "name"), Objects.requireNonNull(function, "function")) != null) {
        throw new IllegalArgumentException("index '" + name + "' is already configured");
      }
      return this;
    }

    /**
     * Runs on shared threads. Without a runtime, the informer creates its own and closes it when it
     * stops; share one among many informers to keep the thread count flat.
     */
    public Builder<T> runtime(InformerRuntime runtime) {
      this.runtime = Objects.requireNonNull(runtime, "runtime");
      return this;
    }

    /** Sets the list page size; 0 (the default) takes the source's preferred size, else chooses as client-go does. */
    public Builder<T> pageSize(long pageSize) {
      if (pageSize < 0) {
        throw new IllegalArgumentException("page size must not be negative: " + pageSize);
      }
      this.pageSize = pageSize;
      return this;
    }

    /** Turns streaming of the initial state (watch-list) on (the default) or off. */
    public Builder<T> watchList(boolean enabled) {
      this.watchList = enabled;
      return this;
    }

    /**
     * Sets how long a watch-list may go without an initial event before the informer decides the
     * server ignores it (default 30 s): it then lists instead, from now on, and tells the source (a
     * backend may then stop offering watch-list for all its types). Counted in
     * {@link InformerStatus#watchListFallbacks()}.
     */
    public Builder<T> watchListTimeout(Duration timeout) {
      this.watchListTimeout = positive(timeout, "watch-list timeout");
      return this;
    }

    /** Sets the shortest watch timeout; each watch times out at random in [min, 2 × min). */
    public Builder<T> minWatchTimeout(Duration minimum) {
      this.minWatchTimeout = positive(minimum, "watch timeout");
      return this;
    }

    /**
     * Sets how long a watch may deliver nothing, neither event nor bookmark, before it is presumed
     * dead and re-opened from the last version (default 30 s). Half-way through, the informer asks the
     * source for a progress bookmark ({@link io.informer4j.source.WatchHandle#requestProgress()}); when
     * the source could ask but nothing came, the re-open counts as a failure, otherwise (a source that
     * cannot ask, such as Kubernetes over HTTP/1.1, whose bookmarks come about once a minute) as a
     * rotation of a quiet watch. Both are counted in {@link InformerStatus#idleTimeouts()}.
     */
    public Builder<T> watchIdleTimeout(Duration timeout) {
      this.watchIdleTimeout = positive(timeout, "watch idle timeout");
      return this;
    }

    /**
     * Sets how long a list page or the opening of a watch may receive nothing before the call is
     * abandoned (its thread interrupted) and retried after backoff, as a failure (default 30 s).
     * Counted in {@link InformerStatus#idleTimeouts()}.
     */
    public Builder<T> readTimeout(Duration timeout) {
      this.readTimeout = positive(timeout, "read timeout");
      return this;
    }

    private static Duration positive(Duration duration, String what) {
      if (duration.isZero() || duration.isNegative()) {
        throw new IllegalArgumentException(what + " must be positive: " + duration);
      }
      return duration;
    }

    /** Sets the delays between failed attempts (default {@link BackoffPolicy#DEFAULT}). */
    public Builder<T> backoff(BackoffPolicy backoff) {
      this.backoff = Objects.requireNonNull(backoff, "backoff");
      return this;
    }

    /**
     * Sets the delays between attempts while nothing accepts connections (default
     * {@link BackoffPolicy#RECONNECT}); other failures use {@link #backoff}.
     */
    public Builder<T> reconnectBackoff(BackoffPolicy backoff) {
      this.reconnectBackoff = Objects.requireNonNull(backoff, "backoff");
      return this;
    }

    /** Decides whether failures are retried (default: always). */
    public Builder<T> retryPolicy(RetryPolicy policy) {
      this.retryPolicy = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /**
     * Whether an object a watch event left stale (its new state could not be read, the cache keeps
     * the old one) is re-read by key from the source, so it heals within a moment instead of at the
     * next list (default on). Re-reads run one at a time, at most ten a second, coalesced per key; an
     * object that still cannot be read stays stale until a readable event or the next list.
     */
    public Builder<T> rereadStaleObjects(boolean enabled) {
      this.rereadStaleObjects = enabled;
      return this;
    }

    /** Is told about every list and watch failure; for visibility, it cannot change what happens. */
    public Builder<T> watchErrorHandler(Consumer<SourceException> handler) {
      this.watchErrorHandler = Objects.requireNonNull(handler, "handler");
      return this;
    }

    /** Supplies numbers in [0, 1) for backoff jitter and watch timeouts (for deterministic tests). */
    public Builder<T> random(DoubleSupplier random) {
      this.random = Objects.requireNonNull(random, "random");
      return this;
    }

    /** Returns the informer, not started. */
    public SharedIndexInformer<T> build() {
      ReflectorSettings reflector = new ReflectorSettings(selection, pageSize, watchList, watchListTimeout,
          minWatchTimeout, watchIdleTimeout, readTimeout, backoff, reconnectBackoff, retryPolicy, watchErrorHandler, random,
          rereadStaleObjects);
      String informerName = name != null ? name : source.description();
      boolean ownsRuntime = runtime == null;
      InformerRuntime threads = ownsRuntime ? InformerRuntime.create(informerName) : runtime;
      return new DefaultSharedIndexInformer<>(new InformerConfig<>(informerName, source, adapter, reflector, resyncPeriod,
          transform, compactObjects, Map.copyOf(indexers), threads, ownsRuntime, threads.stallMonitor()));
    }
  }
}
