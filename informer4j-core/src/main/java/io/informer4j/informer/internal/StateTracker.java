package io.informer4j.informer.internal;

import io.informer4j.informer.InformerState;
import io.informer4j.source.SourceException;
import io.informer4j.time.Clock;
import java.time.Instant;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An informer's state machine and health facts. Once STOPPED or FAILED, the state never changes
 * again. Thread-safe.
 */
final class StateTracker {

  private static final Logger log = LoggerFactory.getLogger(StateTracker.class);

  private final String informer;
  private final Clock clock;
  private InformerState state = InformerState.NEW;
  private Instant since;
  private int consecutiveFailures;
  private Instant failingSince;
  private String lastError;
  private volatile long lastEventNanos;
  private volatile boolean anyEvent;
  private volatile Instant lastListTime;
  private final ListProgressTracker listProgress;
  private final CompletableFuture<Void> firstContact = new CompletableFuture<>();

  StateTracker(String informer, Clock clock) {
    this.informer = informer;
    this.clock = clock;
    this.since = clock.instant();
    this.listProgress = new ListProgressTracker(clock);
  }

  /** The progress of the list in progress, shared by the reflector (writer) and status readers. */
  ListProgressTracker listProgress() {
    return listProgress;
  }

  /** Moves to {@code next} unless the current state is final; returns whether it moved. */
  synchronized boolean moveTo(InformerState next) {
    if (state.isTerminal()) {
      return false;
    }
    if (state != next) {
      log.debug("informer {}: {} -> {}", informer, state, next);
      state = next;
      since = clock.instant();
    }
    return true;
  }

  synchronized InformerState state() {
    return state;
  }

  synchronized Instant since() {
    return since;
  }

  /**
   * Records a failed list or watch attempt (the first one before any success also completes
   * {@link #firstContact()} exceptionally); returns the number of failures in a row, this one
   * included.
   */
  synchronized int failed(SourceException error) {
    firstContact.completeExceptionally(error);
    lastError = error.getMessage();
    if (consecutiveFailures == 0) {
      failingSince = clock.instant();
    }
    return ++consecutiveFailures;
  }

  /**
   * Records what made the informer fail for good as its last error, without counting a failed
   * attempt (the attempt, if one failed, was counted by {@link #failed}).
   */
  synchronized void failedWith(String message) {
    lastError = message;
  }

  /** Records progress: a list applied or a watch that delivered something. */
  synchronized void succeeded() {
    firstContact.complete(null);
    consecutiveFailures = 0;
    failingSince = null;
  }

  /**
   * Completes at the informer's first contact with its source: normally when its first list was
   * applied, exceptionally with the first failed attempt before that, or with what ended the informer
   * (a {@link CancellationException} when it was stopped) if it ended first.
   */
  CompletableFuture<Void> firstContact() {
    return firstContact;
  }

  /** Ends the wait for a first contact that never came: the informer stopped ({@code cause} null) or failed. */
  void ended(Throwable cause) {
    firstContact.completeExceptionally(cause != null ? cause : new CancellationException("the informer stopped"));
  }

  /** Returns when the current streak of failures began, or null when the last attempt succeeded. */
  synchronized Instant failingSince() {
    return failingSince;
  }

  synchronized int consecutiveFailures() {
    return consecutiveFailures;
  }

  synchronized String lastError() {
    return lastError;
  }

  /** Records an event's arrival; cheap (one monotonic clock read) because it runs for every event. */
  void eventReceived() {
    lastEventNanos = clock.nanoTime();
    anyEvent = true;
  }

  void listCompleted() {
    lastListTime = clock.instant();
  }

  /** Returns when the last event arrived, derived from the monotonic time of its arrival; null before any. */
  Instant lastEventTime() {
    if (!anyEvent) {
      return null;
    }
    long ago = clock.nanoTime() - lastEventNanos;
    return clock.instant().minusNanos(ago);
  }

  Instant lastListTime() {
    return lastListTime;
  }
}
