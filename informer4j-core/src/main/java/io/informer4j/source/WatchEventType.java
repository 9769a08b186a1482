package io.informer4j.source;

/** The kinds of watch event. */
public enum WatchEventType {
  /** An object was created (or, at the start of a watch from {@code ""}/{@code "0"}, exists). */
  ADDED,
  /** An object changed. */
  MODIFIED,
  /** An object was deleted; the event carries its last state. */
  DELETED,
  /** No object: the watch has seen everything up to the event's resourceVersion. */
  BOOKMARK,
  /** The server reported an error in the stream; the watch is over. */
  ERROR
}
