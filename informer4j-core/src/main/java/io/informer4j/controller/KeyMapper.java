package io.informer4j.controller;

import io.informer4j.meta.ObjectKey;
import java.util.Collection;

/**
 * Maps a changed object of a watched type to the keys of the primary objects a controller should
 * reconcile (controller-runtime's {@code EnqueueRequestsFromMapFunc}): for example, a ConfigMap to
 * the Deployments that mount it. Called on an informer handler lane for every event that passed the
 * watch's predicates, with the object's latest state (its last state for a delete).
 *
 * <p>Must be thread-safe and quick; may read caches, never the API. A mapper that throws, or returns
 * a key the primary type cannot have, has that event (or key) counted and skipped.
 *
 * @param <T> the watched type's objects
 */
@FunctionalInterface
public interface KeyMapper<T> {

  /** Returns the keys to reconcile; empty for none, never null. */
  Collection<ObjectKey> keys(T object);
}
