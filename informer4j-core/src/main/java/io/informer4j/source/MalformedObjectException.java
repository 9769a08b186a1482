package io.informer4j.source;

import io.informer4j.meta.ObjectKey;
import java.util.Optional;

/**
 * An object or event that cannot be used: undecodable, without a name, of the wrong type. It is
 * reported, logged and counted; what the informer does with it depends on what is still known of
 * it, so a backend should say as much as it can:
 * <ul>
 *   <li>the object's {@linkplain #key() key}, when its identity can still be read (an etcd key; the
 *       {@code metadata.name} and {@code metadata.namespace} of an object whose other fields do not
 *       bind): a DELETED event then still removes the cached object, an ADDED or MODIFIED event or a
 *       list item marks the cached version <em>stale</em> (kept, counted, shown in status) instead
 *       of dropping it;
 *   <li>the {@linkplain #eventType() event type}, when it came from a watch event;
 *   <li>the {@linkplain #resourceVersion() resourceVersion} of that event (for a delete, the
 *       version of the deletion), when it can still be read: the informer has acted on the event
 *       (removed the key or marked it stale), so a watch it opens again resumes after it instead of
 *       receiving it a second time;
 *   <li>no key, when the identity cannot be read: a watch then ends and the informer relists, so nothing
 *       is lost; a list item without identity is skipped (it cannot be cached under any key).
 * </ul>
 * An object that was read but cannot be cached under any key (it has no name, or a name the cache
 * cannot hold) is skipped and counted: it cannot be the state of anything cached.
 */
public class MalformedObjectException extends SourceException {
  private static final long serialVersionUID = 1L;

  private final transient ObjectKey key;
  private final WatchEventType eventType;
  private final String resourceVersion;

  /**
   * A problem with an object whose identity is unknown.
   *
   * @param message what is wrong with it
   * @param cause   the decoding error, may be null
   */
  public MalformedObjectException(String message, Throwable cause) {
    this(message, null, null, null, cause);
  }

  /**
   * A problem with an object whose event's resourceVersion is unknown (or that is a list item).
   *
   * @param message   what is wrong with it
   * @param key       the object's key when its identity could be read, else null
   * @param eventType the type of the watch event that carried it (ADDED, MODIFIED or DELETED), or
   *                  null for a list item or when unknown
   * @param cause     the decoding error, may be null
   * @throws IllegalArgumentException if {@code eventType} is not an object event type
   */
  public MalformedObjectException(String message, ObjectKey key, WatchEventType eventType, Throwable cause) {
    this(message, key, eventType, null, cause);
  }

  /**
   * @param message         what is wrong with it
   * @param key             the object's key when its identity could be read, else null
   * @param eventType       the type of the watch event that carried it (ADDED, MODIFIED or DELETED),
   *                        or null for a list item or when unknown
   * @param resourceVersion the resourceVersion of that watch event when it could be read, else null
   *                        (or empty)
   * @param cause           the decoding error, may be null
   * @throws IllegalArgumentException if {@code eventType} is not an object event type
   */
  public MalformedObjectException(String message, ObjectKey key, WatchEventType eventType, String resourceVersion,
                                  Throwable cause) {
    super(message, 0, cause);
    if (eventType == WatchEventType.BOOKMARK || eventType == WatchEventType.ERROR) {
      throw new IllegalArgumentException("a malformed object comes with an object event, not " + eventType);
    }
    this.key = key;
    this.eventType = eventType;
    this.resourceVersion = resourceVersion == null || resourceVersion.isEmpty() ? null : resourceVersion;
  }

  /** Returns the object's key when its identity could be read. */
  public Optional<ObjectKey> key() {
    return Optional.ofNullable(key);
  }

  /** Returns the type of the watch event that carried the object, when it came from one and it is known. */
  public Optional<WatchEventType> eventType() {
    return Optional.ofNullable(eventType);
  }

  /**
   * Returns the resourceVersion of the watch event that carried the object, when it could be read;
   * never empty when present.
   */
  public Optional<String> resourceVersion() {
    return Optional.ofNullable(resourceVersion);
  }

  /**
   * Returns the same problem, said to have come with a watch event of {@code type} at
   * {@code resourceVersion} (null when unknown).
   */
  public MalformedObjectException inEvent(WatchEventType type, String resourceVersion) {
    MalformedObjectException copy = new MalformedObjectException(getMessage(), key, type, resourceVersion, getCause());
    copy.setStackTrace(getStackTrace());
    return copy;
  }
}
