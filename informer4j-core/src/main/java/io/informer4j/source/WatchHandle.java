package io.informer4j.source;

/** An open watch. Closing is idempotent, thread-safe and does not block on the network. */
@FunctionalInterface
public interface WatchHandle extends AutoCloseable {

  /** Stops the watch; no new events are delivered once in-flight ones are done. */
  @Override
  void close();
}
