package io.informer4j.manager;

/**
 * A controller's write on its way to the server and back to {@link OwnWrites#record}, from
 * {@link OwnWrites#writing}: until it is closed, changes of the object are not judged as writes the
 * controller did not record. Close it once the write is recorded or has failed (try-with-resources).
 * Closing is idempotent, never blocks and never throws; thread-safe.
 */
@FunctionalInterface
public interface WriteInFlight extends AutoCloseable {

  /** A mark that marks nothing, for writes not tracked. */
  WriteInFlight NONE = () -> { };

  /** Ends the mark. */
  @Override
  void close();
}
