package io.informer4j.controller;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;

/**
 * Decides by type and key alone whether an object's events may reach a queue: applied before any
 * queue by controllers and by the shared informer factory (for example: a sharded replica takes
 * only keys of the shards it holds; namespace rules). The informer still caches every object, so
 * the predicate may change its mind later and the owner can then queue the cached keys again.
 *
 * <p>Called on informer handler lanes, concurrently for different types: must be thread-safe, quick
 * and non-blocking.
 */
@FunctionalInterface
public interface KeyPredicate {

  /** Returns true when events of the object {@code key} of {@code type} may be put on a queue. */
  boolean accepts(TypeKey type, ObjectKey key);
}
