package io.informer4j.factory;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;

/**
 * One event the factory routed or dropped, for an optional per-type hook. Reconcilers read the cache
 * and do not need it; hooks use it for auditing, metrics or tracing.
 *
 * @param type      the object's type
 * @param kind      what happened
 * @param key       the object's key
 * @param object    the object (for a delete, its last state)
 * @param outcome   what the factory did with it
 */
public record FactoryEvent(TypeKey type, Kind kind, ObjectKey key, Object object, Outcome outcome) {

  /** What happened to the object. */
  public enum Kind {
    /** It appeared (or was listed initially). */
    ADDED,
    /** It changed. */
    UPDATED,
    /** It was re-delivered unchanged (resync, or a relist that found it unchanged). */
    RESYNCED,
    /** It was deleted (seen by the watch or inferred from a relist). */
    DELETED
  }

  /** What the factory did with the event. */
  public enum Outcome {
    /** A queue item was added (or coalesced with one already waiting). */
    ENQUEUED,
    /** The queue rejected the item (depth cap, or shut down). */
    REJECTED_BY_QUEUE,
    /** The namespace filter (tier 2) dropped it. */
    DROPPED_BY_FILTER
  }
}
