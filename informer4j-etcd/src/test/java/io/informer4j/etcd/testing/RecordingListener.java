package io.informer4j.etcd.testing;

import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.SourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchListener;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Records a watch's calls and checks the listener contract (no overlapping calls, nothing after
 * {@code onClose}). Thread-safe.
 *
 * @param <T> the object type
 */
public final class RecordingListener<T> implements WatchListener<T> {

  private final List<WatchEvent<T>> events = new ArrayList<>();
  private final List<MalformedObjectException> malformed = new ArrayList<>();
  private final List<String> violations = new ArrayList<>();
  private final CompletableFuture<SourceException> closed = new CompletableFuture<>();
  private final AtomicBoolean inCall = new AtomicBoolean();

  @Override
  public void onEvent(WatchEvent<T> event) {
    enter("onEvent");
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
    closed.complete(error);
    inCall.set(false);
  }

  private void enter(String call) {
    if (!inCall.compareAndSet(false, true)) {
      violation(call + " overlapped another call");
    }
    if (closed.isDone()) {
      violation(call + " after onClose");
    }
  }

  private synchronized void violation(String text) {
    violations.add(text);
  }

  /** Returns every event so far. */
  public synchronized List<WatchEvent<T>> events() {
    return List.copyOf(events);
  }

  /** Returns the events that carry an object. */
  public synchronized List<WatchEvent<T>> objectEvents() {
    return events.stream().filter(e -> e.type() != WatchEventType.BOOKMARK && e.type() != WatchEventType.ERROR).toList();
  }

  /** Returns the bookmarks so far. */
  public synchronized List<WatchEvent<T>> bookmarks() {
    return events.stream().filter(e -> e.type() == WatchEventType.BOOKMARK).toList();
  }

  /** Returns the malformed reports so far. */
  public synchronized List<MalformedObjectException> malformed() {
    return List.copyOf(malformed);
  }

  /** Completes with onClose's error (null for a clean end). */
  public CompletableFuture<SourceException> closed() {
    return closed;
  }

  /** Returns listener-contract violations seen. */
  public synchronized List<String> violations() {
    return List.copyOf(violations);
  }
}
