package io.informer4j.informer;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * One handler added to an informer. Thread-safe.
 */
public interface HandlerRegistration {

  /** Returns the handler's name. */
  String name();

  /**
   * Returns true once the informer has synced and this handler has returned from every add of the
   * initial list (for a handler added later: of the cache content it was given).
   */
  boolean hasSynced();

  /** Completes when {@link #hasSynced()} becomes true; never completes if the informer stops first. */
  CompletableFuture<Void> synced();

  /** Returns the effective resync period ({@link Duration#ZERO} for none). */
  Duration resyncPeriod();

  /** Returns how many notifications wait for this handler. */
  int pending();

  /** Returns how long the oldest waiting notification has waited ({@link Duration#ZERO} if none). */
  Duration lag();

  /**
   * Returns true while the handler has been busy with one notification for longer than its runtime's
   * stuck-handler threshold ({@link io.informer4j.informer.InformerRuntime.Builder#handlerStuckThreshold}).
   * The informer's cache and other handlers go on meanwhile; this handler's notifications wait.
   */
  boolean isStuck();

  /** Returns how many notifications this handler threw on. */
  long failures();

  /** Returns true once the handler was removed or the informer stopped. */
  boolean isRemoved();
}
