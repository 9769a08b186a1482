package io.informer4j.coordination;

import io.informer4j.informer.InformerRuntime;

/**
 * Leader election on a coordination engine (Kubernetes Lease through fabric8's
 * {@code LeaderElector}, etcd through jetcd's election API): at most one replica leads at a time.
 * The backend maintains a {@link Leadership}; a {@code Manager} given the election
 * ({@code Manager.builder(..).leaderElection(..)}) gates its controllers' workers on it, while the
 * informers run on every replica (warm caches).
 *
 * <p>Implementations are thread-safe. {@link #start} returns soon; the election's periodic work runs
 * on the runtime given to it (a Manager gives its own), and on the client's threads.
 *
 * @param <K> the item type of the gated controller
 */
public interface LeaderElection<K> extends AutoCloseable {

  /**
   * Starts campaigning, with the election's periodic work on {@code runtime}'s threads (the runtime
   * stays the caller's: close the election before stopping it). May block for one request to the
   * coordination engine.
   *
   * @throws IllegalStateException if closed
   */
  void start(InformerRuntime runtime);

  /** Returns the leadership this election maintains. */
  Leadership<K> leadership();

  /** Stops campaigning; a leader stops leading first, then releases the lease (best effort). */
  @Override
  void close();
}
