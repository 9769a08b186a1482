package io.informer4j.source;

/**
 * Receives a watch's events, pushed by the {@link ListerWatcher}.
 *
 * <p>Contract for backends: calls for one watch are never concurrent and arrive in the server's
 * order; {@link #onClose} is called at most once and nothing follows it. Calls should return
 * quickly; the informer only enqueues. After the consumer closed the {@link WatchHandle}, a backend
 * may still deliver calls that were in flight.
 *
 * @param <T> the object type
 */
public interface WatchListener<T> {

  /** Takes one event. */
  void onEvent(WatchEvent<T> event);

  /** Reports an event whose object could not be decoded and was skipped. The watch goes on. */
  default void onMalformed(MalformedObjectException problem) {
  }

  /**
   * The watch is over.
   *
   * @param error null for a clean end (server timeout, orderly close), otherwise why it failed
   */
  void onClose(SourceException error);
}
