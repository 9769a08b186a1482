package io.informer4j.source;

/**
 * An open watch. Closing is idempotent, thread-safe and does not block on the network.
 *
 * <p>An informer treats a watch that delivered nothing (no event, no bookmark) for its idle timeout
 * as dead and re-opens it. Half-way through that period it calls {@link #requestProgress()}: a
 * source that can ask its server for a sign of life (etcd's progress request) answers with a
 * bookmark, so a quiet but healthy watch is never re-opened.
 */
@FunctionalInterface
public interface WatchHandle extends AutoCloseable {

  /** Stops the watch; no new events are delivered once in-flight ones are done. */
  @Override
  void close();

  /**
   * Asks the server to show that this watch is alive, with a BOOKMARK event that follows every event
   * already sent. Non-blocking; thread-safe. The default cannot and returns false.
   *
   * @return true if a request was sent (a bookmark is expected soon on a live connection)
   */
  default boolean requestProgress() {
    return false;
  }
}
