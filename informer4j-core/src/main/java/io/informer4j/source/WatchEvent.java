package io.informer4j.source;

import java.util.Objects;

/**
 * One event of a watch.
 *
 * <p>Immutable.
 *
 * @param type             the kind of event
 * @param object           the object for ADDED, MODIFIED and DELETED (the last state for DELETED);
 *                         null for BOOKMARK and ERROR
 * @param resourceVersion  for BOOKMARK, the version reached; for object events optional (the
 *                         object's own version is used when null)
 * @param initialEventsEnd for BOOKMARK, whether it ends the initial events of a watch-list
 *                         ({@code k8s.io/initial-events-end})
 * @param error            for ERROR, what went wrong; null otherwise
 * @param <T>              the object type
 */
public record WatchEvent<T>(WatchEventType type, T object, String resourceVersion, boolean initialEventsEnd,
                            SourceException error) {

  /** @throws IllegalArgumentException if the fields do not fit the type */
  public WatchEvent {
    Objects.requireNonNull(type, "type");
    switch (type) {
      case ADDED, MODIFIED, DELETED -> Objects.requireNonNull(object, () -> type + " event needs an object");
      case BOOKMARK -> Objects.requireNonNull(resourceVersion, "BOOKMARK event needs a resourceVersion");
      case ERROR -> Objects.requireNonNull(error, "ERROR event needs an error");
      default -> throw new AssertionError(type);
    }
  }

  /** Returns an ADDED event. */
  public static <T> WatchEvent<T> added(T object) {
    return new WatchEvent<>(WatchEventType.ADDED, object, null, false, null);
  }

  /** Returns a MODIFIED event. */
  public static <T> WatchEvent<T> modified(T object) {
    return new WatchEvent<>(WatchEventType.MODIFIED, object, null, false, null);
  }

  /** Returns a DELETED event carrying the object's last state. */
  public static <T> WatchEvent<T> deleted(T lastState) {
    return new WatchEvent<>(WatchEventType.DELETED, lastState, null, false, null);
  }

  /** Returns a BOOKMARK event. */
  public static <T> WatchEvent<T> bookmark(String resourceVersion, boolean initialEventsEnd) {
    return new WatchEvent<>(WatchEventType.BOOKMARK, null, resourceVersion, initialEventsEnd, null);
  }

  /** Returns an ERROR event. */
  public static <T> WatchEvent<T> error(SourceException error) {
    return new WatchEvent<>(WatchEventType.ERROR, null, null, false, error);
  }
}
