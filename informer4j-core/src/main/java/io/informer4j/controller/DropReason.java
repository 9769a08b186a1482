package io.informer4j.controller;

/** Why an {@link EnqueueHandler} dropped an event (or one of the keys it maps to) before any queue. */
public enum DropReason {
  /** An {@link EventPredicate} of the watch rejected the event. */
  PREDICATE("predicate"),
  /** Its namespace matches a restricted pattern (tier 2). */
  RESTRICTED("restricted"),
  /** Its namespace matches no allowed pattern (tier 2). */
  NOT_ALLOWED("not-allowed"),
  /** The object of a namespaced type has no namespace. */
  NO_NAMESPACE("no-namespace"),
  /** A {@link KeyPredicate} rejected the key (for example a shard this replica does not hold). */
  ENQUEUE_FILTER("enqueue-filter"),
  /** The watch's {@link KeyMapper} threw, returned null, or gave a key the primary type cannot have. */
  MAPPING_ERROR("mapping-error");

  private final String text;

  DropReason(String text) {
    this.text = text;
  }

  /** Returns the reason as shown in status and metrics, for example {@code not-allowed}. */
  public String text() {
    return text;
  }
}
