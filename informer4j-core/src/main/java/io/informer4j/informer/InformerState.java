package io.informer4j.informer;

/**
 * Where an informer is in its life. Transitions: NEW → STARTING → LISTING → WATCHING, with BACKOFF
 * between failed attempts and LISTING again on relists; STOPPED after {@code stop()}, FAILED when
 * the retry policy gave up or an internal error occurred. STOPPED and FAILED are final.
 */
public enum InformerState {
  /** Built, not started. */
  NEW,
  /** Started, before the first list or watch-list request. */
  STARTING,
  /** Listing (or streaming the initial state of a watch-list). */
  LISTING,
  /** Watching for changes. */
  WATCHING,
  /** Waiting before the next attempt after a failure. */
  BACKOFF,
  /** Stopped by its owner. */
  STOPPED,
  /** Gave up; {@code stopped()} completed exceptionally with the cause. */
  FAILED;

  /** Returns true for STOPPED and FAILED. */
  public boolean isTerminal() {
    return this == STOPPED || this == FAILED;
  }
}
