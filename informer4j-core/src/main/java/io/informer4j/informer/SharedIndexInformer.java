package io.informer4j.informer;

import io.informer4j.cache.IndexFunction;
import io.informer4j.cache.Indexer;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.source.ListerWatcher;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

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
  static <T> InformerBuilder<T> builder(ListerWatcher<T> source, ObjectAdapter<T> adapter) {
    return new InformerBuilder<>(source, adapter);
  }

  /** Returns the informer's name (used in logs, status and metrics). */
  String name();

  /**
   * Adds a handler with its own resync period. Added after start, it first receives the current
   * cache content as adds (with {@code inInitialList} true), before any later notification.
   *
   * @throws IllegalStateException if the informer has stopped
   */
  HandlerRegistration addEventHandler(EventHandler<T> handler, HandlerOptions options);

  /** Adds a handler named after its class, without resync. */
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
  boolean close(Duration timeout) throws InterruptedException;

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
}
