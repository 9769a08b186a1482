package io.informer4j.testkit;

import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.SourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A {@link WatchListener} for tests: it records every call and checks the listener contract
 * (never two calls at once, nothing after {@code onClose}, {@code onClose} at most once), listing
 * breaches in {@link #contractViolations()} instead of throwing into the backend.
 *
 * <p>Thread-safe; the accessors return copies.
 *
 * @param <T> the object type
 */
public final class RecordingWatchListener<T> implements WatchListener<T> {

  private final List<WatchEvent<T>> events = new ArrayList<>();
  private final List<MalformedObjectException> malformed = new ArrayList<>();
  private final List<String> violations = new ArrayList<>();
  private final AtomicBoolean inCall = new AtomicBoolean();
  private final AtomicReference<Optional<SourceException>> closure = new AtomicReference<>();
  private final CompletableFuture<SourceException> closed = new CompletableFuture<>();

  @Override
  public void onEvent(WatchEvent<T> event) {
    enter("onEvent(" + event.type() + ")");
    synchronized (this) {
      events.add(event);
    }
    inCall.set(false);
  }

  @Override
  public void onMalformed(MalformedObjectException problem) {
    enter("onMalformed");
    synchronized (this) {
      malformed.add(problem);
    }
    inCall.set(false);
  }

  @Override
  public void onClose(SourceException error) {
    enter("onClose");
    if (closure.compareAndSet(null, Optional.ofNullable(error))) {
      closed.complete(error);
    } else {
      violation("onClose was called twice");
    }
    inCall.set(false);
  }

  private void enter(String call) {
    if (!inCall.compareAndSet(false, true)) {
      violation(call + " overlapped another call of the same watch");
    }
    if (closure.get() != null) {
      violation(call + " came after onClose");
    }
  }

  private synchronized void violation(String text) {
    violations.add(text);
  }

  /** Returns every event so far, in arrival order. */
  public synchronized List<WatchEvent<T>> events() {
    return List.copyOf(events);
  }

  /** Returns the ADDED, MODIFIED and DELETED events so far, in arrival order. */
  public synchronized List<WatchEvent<T>> objectEvents() {
    List<WatchEvent<T>> objectEvents = new ArrayList<>();
    for (WatchEvent<T> event : events) {
      if (event.object() != null) {
        objectEvents.add(event);
      }
    }
    return objectEvents;
  }

  /** Returns the events of one type so far, in arrival order. */
  public synchronized List<WatchEvent<T>> eventsOfType(WatchEventType type) {
    return events.stream().filter(event -> event.type() == type).toList();
  }

  /** Returns the reported malformed events so far. */
  public synchronized List<MalformedObjectException> malformed() {
    return List.copyOf(malformed);
  }

  /** Returns true once {@code onClose} was called. */
  public boolean isClosed() {
    return closure.get() != null;
  }

  /** Returns the error {@code onClose} carried; null when it was clean or did not happen yet. */
  public SourceException closeError() {
    Optional<SourceException> closed = closure.get();
    return closed == null ? null : closed.orElse(null);
  }

  /**
   * Returns a future completed by the first {@code onClose}, with its error (null for a clean end),
   * for tests that wait for the end of a watch.
   */
  public CompletableFuture<SourceException> closed() {
    return closed;
  }

  /** Returns the breaches of the listener contract seen so far; empty for a well-behaved backend. */
  public synchronized List<String> contractViolations() {
    return List.copyOf(violations);
  }
}
