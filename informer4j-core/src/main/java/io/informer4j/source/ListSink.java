package io.informer4j.source;

/**
 * Receives a list's items one by one, so a large list is never held twice (raw and decoded).
 *
 * <p>A {@link ListerWatcher} calls a sink from the thread that called {@code list}, or from one
 * thread at a time, in list order; never after {@code list} returned.
 *
 * @param <T> the object type
 */
public interface ListSink<T> {

  /** Takes one decoded item. */
  void accept(T item);

  /**
   * Reports an item that could not be decoded and was skipped. The default ignores it; the informer
   * logs and counts it.
   */
  default void malformed(MalformedObjectException problem) {
  }
}
