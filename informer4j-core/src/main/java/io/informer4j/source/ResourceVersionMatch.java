package io.informer4j.source;

/** How a list or watch interprets its resourceVersion, as Kubernetes' {@code resourceVersionMatch}. */
public enum ResourceVersionMatch {
  /**
   * Not sent: legacy semantics. {@code ""} is a consistent (most recent) read, {@code "0"} accepts
   * any data, any other version means "not older than" it.
   */
  UNSET,
  /** Data at least as new as the resourceVersion. */
  NOT_OLDER_THAN,
  /** Data at exactly the resourceVersion (lists only); an expired version fails. */
  EXACT
}
