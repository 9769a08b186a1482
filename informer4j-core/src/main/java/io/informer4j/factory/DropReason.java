package io.informer4j.factory;

/** Why the shared informer factory dropped an event before any queue. */
public enum DropReason {
  /** Its namespace matches a restricted pattern (tier 2). */
  RESTRICTED("restricted"),
  /** Its namespace matches no allowed pattern (tier 2). */
  NOT_ALLOWED("not-allowed"),
  /** The object of a namespaced type has no namespace. */
  NO_NAMESPACE("no-namespace"),
  /** The factory's {@link io.informer4j.controller.KeyPredicate} rejected it (for example a shard this replica does not hold). */
  ENQUEUE_FILTER("enqueue-filter");

  private final String text;

  DropReason(String text) {
    this.text = text;
  }

  /** Returns the reason as shown in status and metrics, for example {@code not-allowed}. */
  public String text() {
    return text;
  }
}
