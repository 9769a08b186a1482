package io.informer4j.factory;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;

/**
 * A pre-enqueue filter of a {@link SharedInformerFactory}, applied after the tier-2 namespace filter:
 * an event whose object it rejects is dropped before any queue and counted under
 * {@link DropReason#ENQUEUE_FILTER}
 * (for example: a sharded replica enqueues only keys of the shards it holds). The informer still
 * caches every object, so the filter may change its mind later and the owner can then enqueue the
 * cached keys again with {@link SharedInformerFactory#enqueueCached}.
 *
 * <p>Called on informer handler lanes, concurrently for different types: must be thread-safe, quick
 * and non-blocking.
 */
public interface EnqueueFilter {

  /** Returns true when the object {@code key} of {@code type} may be put on a queue. */
  boolean accepts(TypeKey type, ObjectKey key);

}
