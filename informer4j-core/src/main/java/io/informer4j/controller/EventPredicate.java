package io.informer4j.controller;

/**
 * Decides whether an event of a watched type reaches a controller's queue (controller-runtime's
 * {@code predicate.Predicate}): an event rejected here is dropped before the queue and counted. Each
 * method defaults to accepting, so a predicate overrides the events it cares about; see
 * {@link Predicates} for the common ones.
 *
 * <p>Called on an informer handler lane: must be thread-safe, quick and side-effect free.
 *
 * @param <T> the watched type's objects
 */
public interface EventPredicate<T> {

  /** An object appeared (or was listed initially). */
  default boolean create(T object) {
    return true;
  }

  /** An object changed, or was re-delivered unchanged. */
  default boolean update(T oldObject, T newObject) {
    return true;
  }

  /** An object was deleted. */
  default boolean delete(T lastState) {
    return true;
  }
}
