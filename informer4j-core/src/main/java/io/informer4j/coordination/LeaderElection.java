package io.informer4j.coordination;

/**
 * Leader election on a coordination engine (Kubernetes Lease through fabric8's
 * {@code LeaderElector}, etcd through jetcd's election API): at most one replica leads at a time.
 * The backend maintains a {@link Leadership}; give it to a controller as its gate so workers run only
 * while leading, while the factory's informers run on every replica (warm caches).
 *
 * <p>Implementations are thread-safe. {@link #start()} returns at once; the election runs on the
 * backend's threads.
 *
 * @param <K> the item type of the gated controller
 */
public interface LeaderElection<K> extends AutoCloseable {

  /** Starts campaigning; returns at once. */
  void start();

  /** Returns the leadership this election maintains. */
  Leadership<K> leadership();

  /** Stops campaigning; a leader stops leading first, then releases the lease (best effort). */
  @Override
  void close();
}
