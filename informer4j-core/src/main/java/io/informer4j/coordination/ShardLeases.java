package io.informer4j.coordination;

import io.informer4j.informer.InformerRuntime;
import java.util.OptionalLong;

/**
 * The backend SPI of sharding: membership and one lease per shard on a coordination engine
 * (Kubernetes {@code coordination.k8s.io/v1} Leases, etcd leases). The {@link ShardCoordinator}
 * calls it from a single thread, one round every retry period; implementations need not be
 * thread-safe beyond that. Every method may block on I/O, bounded by the backend's request timeout.
 *
 * <p>Writes use the engine's own concurrency control (Kubernetes resourceVersion preconditions,
 * etcd transactions on create-revision and value), so two members can never both believe they
 * acquired one shard: a lost race is answered "not held", never an exception.
 */
public interface ShardLeases extends AutoCloseable {

  /**
   * Starts whatever the backend keeps running between rounds (an etcd session's keep-alives) on
   * {@code runtime}'s threads; the coordinator calls it once, before its first round. May block for
   * one request. Does nothing by default.
   *
   * @throws CoordinationException when the backend cannot be reached or refuses
   */
  default void start(InformerRuntime runtime) {
  }

  /** Returns this member's identity (unique among the members). */
  String identity();

  /**
   * Joins, or renews this member's membership, then reads the live members and shard holders.
   *
   * @param shards the number of shards
   * @throws CoordinationException when the backend cannot be reached or refuses
   */
  ShardView refresh(int shards);

  /**
   * Acquires {@code shard} if it is free (or its lease expired), or renews it if this member holds
   * it.
   *
   * @return when held: a {@link io.informer4j.time.Clock#nanoTime()} reading taken before the
   *     request that (re)started the lease's expiry on the server, so the lease is valid at least
   *     until that reading plus the lease duration; empty when another member holds it or won a race
   * @throws CoordinationException when the backend cannot be reached or refuses
   */
  OptionalLong acquireOrRenew(int shard);

  /**
   * Gives {@code shard} up, if this member holds it, so another can acquire it at once.
   *
   * @throws CoordinationException when the backend cannot be reached or refuses
   */
  void release(int shard);

  /** Leaves the membership (best effort: failures are logged) and frees the backend's resources. */
  @Override
  void close();
}
