package io.informer4j.controller;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;

/**
 * What an {@link EnqueueHandler} did with one event, told to an optional hook (the shared informer
 * factory's per-type event hook): for auditing, metrics or tracing. Reconcilers read the cache and do
 * not need it. An event mapped to several keys is told once per key.
 *
 * @param type    the type of the object the event is about
 * @param kind    what happened to the object
 * @param key     the queue key concerned: a key the event mapped to, or the object's own key when the
 *                event was dropped before mapping
 * @param object  the object (for a delete, its last state)
 * @param outcome what the handler did
 * @param reason  why it was dropped; null unless {@code outcome} is {@link Outcome#DROPPED_BY_FILTER}
 */
public record EnqueueEvent(TypeKey type, Kind kind, ObjectKey key, Object object, Outcome outcome, DropReason reason) {

  /** What happened to the object. */
  public enum Kind {
    /** It appeared (or was listed initially). */
    ADDED,
    /** It changed. */
    UPDATED,
    /** It was delivered again unchanged (a resync, a relist that found it unchanged, or a re-queue of cached keys). */
    RESYNCED,
    /** It was deleted (seen by the watch or inferred from a relist). */
    DELETED
  }

  /** What the handler did with the event. */
  public enum Outcome {
    /** A queue item was added (or coalesced with one already waiting). */
    ENQUEUED,
    /** The queue rejected the item (depth cap, or shut down). */
    REJECTED_BY_QUEUE,
    /** A filter dropped it before any queue; {@link #reason()} says which. */
    DROPPED_BY_FILTER
  }
}
