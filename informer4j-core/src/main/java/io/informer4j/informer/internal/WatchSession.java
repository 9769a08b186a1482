package io.informer4j.informer.internal;

import io.informer4j.informer.InformerState;
import io.informer4j.source.MalformedObjectException;
import io.informer4j.source.SourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchListener;
import java.time.Duration;

/**
 * The listener of one watch of a {@link Reflector}: applies its events (buffering a watch-list's
 * initial state), tracks its liveness, and ignores everything once it is no longer the reflector's
 * current watch. Its fields are guarded by the reflector's lock.
 *
 * @param <T> the object type
 */
final class WatchSession<T> implements WatchListener<T> {
  private final Reflector<T> r;

  final long generation;
  final String from;
  final Duration timeout;
  final long startNanos;
  boolean initial;
  InitialEvents<T> initialEvents;
  boolean versionFrozen;
  long events;
  long lastActivityNanos;
  boolean progressRequested;
  boolean progressAnswerable;

  WatchSession(Reflector<T> reflector, long generation, String from, boolean watchList, Duration timeout,
               long startNanos) {
    this.r = reflector;
    this.generation = generation;
    this.from = from;
    this.timeout = timeout;
    this.startNanos = startNanos;
    this.lastActivityNanos = startNanos;
    this.initial = watchList;
    this.initialEvents = watchList ? new InitialEvents<>(r.adapter) : null;
    this.versionFrozen = !watchList && (from.isEmpty() || "0".equals(from));
  }

  /** Must hold the reflector's lock. Returns false when this is no longer the current watch. */
  private boolean current() {
    return generation == r.generation && !r.stopped;
  }

  /** Must hold the reflector's lock. Something arrived: the watch is alive. */
  private void active() {
    events++;
    lastActivityNanos = r.runtime.clock().nanoTime();
    progressRequested = false;
    r.state.eventReceived();
  }

  @Override
  public void onEvent(WatchEvent<T> event) {
    SourceException streamError;
    synchronized (r.lock) {
      if (!current()) {
        return;
      }
      active();
      r.counters.events.increment();
      streamError = event.type() == WatchEventType.ERROR ? event.error() : null;
      if (streamError == null) {
        streamError = handle(event);
      }
    }
    if (streamError != null) {
      r.endWatch(this, streamError);
    }
  }

  /** Must hold the reflector's lock. Returns an error that ends the watch, or null. */
  private SourceException handle(WatchEvent<T> event) {
    if (event.type() == WatchEventType.BOOKMARK) {
      bookmark(event);
      return null;
    }
    if (initial) {
      r.state.listProgress().received();
    }
    T object;
    try {
      object = r.intake.admit(event.object());
    } catch (MalformedObjectException e) {
      r.intake.reject(e);
      SourceException end = e.key().isPresent() ? unreadable(e, event.type()) : null;
      passed(event.type(), versionOfUnreadable(event));
      return end;
    }
    if (initial) {
      if (event.type() == WatchEventType.DELETED) {
        initialEvents.remove(r.adapter.key(object));
      } else {
        initialEvents.put(object);
      }
      return null;
    }
    r.processor.enqueue(event.type() == WatchEventType.DELETED ? new Delta.Remove<>(object) : new Delta.Upsert<>(object));
    r.healer.settled(r.adapter.key(object));
    passed(event.type(), event.resourceVersion() != null ? event.resourceVersion() : r.adapter.resourceVersion(object));
    r.succeeded();
    return null;
  }

  /**
   * Must hold the reflector's lock. The watch went past an object event of {@code type} (null when
   * unknown) at {@code version} (null when unknown): applied, or settled by the rule for objects that
   * cannot be read. A watch opened again resumes after it, so it is never applied twice — except
   * that a watch started from {@code ""} or {@code "0"} keeps its version until its first event
   * other than ADDED, and a watch-list's initial events wait for their end bookmark.
   */
  private void passed(WatchEventType type, String version) {
    if (initial) {
      return;
    }
    if (versionFrozen && type != null && type != WatchEventType.ADDED) {
      versionFrozen = false;
    }
    if (!versionFrozen && version != null && !version.isEmpty()) {
      r.lastSyncResourceVersion = version;
    }
  }

  /** Returns the version of an event whose object the informer could not admit, or null when it cannot be read. */
  private String versionOfUnreadable(WatchEvent<T> event) {
    if (event.resourceVersion() != null) {
      return event.resourceVersion();
    }
    try {
      return r.adapter.resourceVersion(event.object());
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * Must hold the reflector's lock. Applies the rule for an object that could not be read (see
   * {@link MalformedObjectException}); returns an error that ends the watch when its identity is
   * unknown, else null.
   */
  private SourceException unreadable(MalformedObjectException problem, WatchEventType type) {
    if (problem.key().isEmpty()) {
      return new SourceException("the watch of " + r.source.description()
          + " delivered an object that cannot be read or identified (" + problem.getMessage() + "); relisting");
    }
    String key = problem.key().get().toString();
    boolean deleted = type == WatchEventType.DELETED;
    if (initial) {
      if (deleted) {
        initialEvents.remove(key);
      } else {
        initialEvents.unreadable(key, problem.getMessage());
      }
    } else {
      r.processor.enqueue(deleted ? new Delta.RemoveKey<>(key) : new Delta.MarkStale<>(key, problem.getMessage()));
      if (deleted) {
        r.healer.settled(key);
      } else if (r.rereadsStale()) {
        r.healer.request(problem.key().get());
      }
    }
    return null;
  }

  /** Must hold the reflector's lock. */
  private void bookmark(WatchEvent<T> event) {
    if (initial) {
      if (event.initialEventsEnd()) {
        initial = false;
        r.counters.lists.increment();
        r.applyListLocked(initialEvents.toReplacement(event.resourceVersion()));
        initialEvents = null;
        r.cancel(r.watchTimer);
        r.watchTimer = r.scheduleTickLocked(this);
        r.state.moveTo(InformerState.WATCHING);
      }
      return;
    }
    r.processor.enqueue(new Delta.Bookmark<>(event.resourceVersion()));
    r.lastSyncResourceVersion = event.resourceVersion();
    versionFrozen = false;
    r.succeeded();
  }

  @Override
  public void onMalformed(MalformedObjectException problem) {
    r.intake.reject(problem);
    SourceException streamError;
    synchronized (r.lock) {
      if (!current()) {
        return;
      }
      active();
      if (initial) {
        r.state.listProgress().received();
      }
      WatchEventType type = problem.eventType().orElse(null);
      streamError = unreadable(problem, type);
      if (streamError == null) {
        passed(type, problem.resourceVersion().orElse(null));
      }
    }
    if (streamError != null) {
      r.endWatch(this, streamError);
    }
  }

  @Override
  public void onClose(SourceException error) {
    r.endWatch(this, error);
  }
}
