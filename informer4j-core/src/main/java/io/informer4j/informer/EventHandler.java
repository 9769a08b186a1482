package io.informer4j.informer;

/**
 * Receives an informer's notifications, after the cache already reflects them.
 *
 * <p>Each handler gets its notifications one at a time, in order (per object, the states it sees are
 * a subsequence of the server's), on a shared dispatch thread; a slow handler does not delay its
 * siblings. A handler that throws has that one notification counted and logged as failed; delivery
 * continues. Handlers must not mutate the objects they receive.
 *
 * @param <T> the object type
 */
public interface EventHandler<T> {

  /**
   * An object appeared in the cache.
   *
   * @param object        the new object
   * @param inInitialList true when it is part of the first list (or, for a handler added after
   *                      start, of the cache content it was given on registration)
   */
  default void onAdd(T object, boolean inInitialList) {
  }

  /**
   * An object changed, or was re-delivered unchanged (a resync, or a relist that found it unchanged:
   * then both arguments have the same resourceVersion).
   */
  default void onUpdate(T oldObject, T newObject) {
  }

  /**
   * An object left the cache.
   *
   * @param lastState         its last state: from the DELETED event, or what the cache held
   * @param finalStateUnknown true when the deletion was seen only through a relist (a tombstone:
   *                          the object may have changed before it was deleted)
   */
  default void onDelete(T lastState, boolean finalStateUnknown) {
  }
}
