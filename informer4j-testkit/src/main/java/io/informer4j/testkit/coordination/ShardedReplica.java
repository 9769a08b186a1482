package io.informer4j.testkit.coordination;

import io.informer4j.controller.Controller;
import io.informer4j.controller.Result;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.ShardCoordinator;
import io.informer4j.coordination.ShardLeases;
import io.informer4j.coordination.ShardOwnership;
import io.informer4j.controller.KeyPredicate;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.concurrent.locks.LockSupport;

/**
 * One replica of a sharded controller, for tests and benchmarks of sharding on any backend: its own
 * factory (built by the caller with the shard ownership as enqueue filter, routing to the default
 * queue of the registry given), a {@link ShardCoordinator} over the caller's {@link ShardLeases}, and
 * a controller gated by the ownership whose reconcile records into a {@link ReconcileLog} and works
 * for a fixed time. Not thread-safe; {@link #close()} is idempotent.
 */
public final class ShardedReplica implements AutoCloseable {

  private final String identity;
  private final QueueRegistry queues = QueueRegistry.builder().build();
  private final ShardOwnership ownership;
  private final SharedInformerFactory factory;
  private final ShardCoordinator coordinator;
  private final Controller<QueueItem> controller;
  private boolean closed;

  /**
   * Starts a replica: factory, coordinator, then the controller (its workers reconcile only items of
   * held shards).
   *
   * @param identity      the replica's identity (as its leases')
   * @param leases        the backend leases of this replica
   * @param timing        the lease timing
   * @param shards        the number of shards
   * @param factory       builds and registers the replica's factory from the registry and filter
   * @param log           where reconciles are recorded
   * @param reconcileTime how long each reconcile works
   * @param workers       the number of controller workers
   */
  public static ShardedReplica start(String identity, ShardLeases leases, LeaseTiming timing, int shards,
                                     BiFunction<QueueRegistry, KeyPredicate, SharedInformerFactory> factory,
                                     ReconcileLog log, Duration reconcileTime, int workers) {
    return new ShardedReplica(identity, leases, timing, shards, factory, log, reconcileTime, workers);
  }

  private ShardedReplica(String identity, ShardLeases leases, LeaseTiming timing, int shards,
                         BiFunction<QueueRegistry, KeyPredicate, SharedInformerFactory> factory, ReconcileLog log,
                         Duration reconcileTime, int workers) {
    this.identity = identity;
    this.ownership = new ShardOwnership(shards, Clock.system());
    this.factory = factory.apply(queues, ownership);
    this.coordinator = ShardCoordinator.builder(leases, ownership).timing(timing)
        .listener(ShardCoordinator.requeueOnGain(this.factory, ownership)).build();
    this.controller = Controller.<QueueItem>builder("sharded-" + identity, item -> {
      long start = log.start(identity, item.key().toString());
      LockSupport.parkNanos(reconcileTime.toNanos());
      log.end(identity, item.key().toString(), start);
      return Result.done();
    }).queue(queues.defaultQueue()).gate(ownership).workers(workers).build();
    this.factory.start();
    coordinator.start();
    controller.start();
  }

  /** Returns the identity. */
  public String identity() {
    return identity;
  }

  /** Returns the shards held now. */
  public Set<Integer> held() {
    return ownership.held();
  }

  /** Returns true when the replica's queue is empty and no reconcile runs. */
  public boolean idle() {
    return queues.defaultQueue().len() == 0 && controller.activeWorkers() == 0;
  }

  /** Returns the ownership. */
  public ShardOwnership ownership() {
    return ownership;
  }

  /** Returns the coordinator. */
  public ShardCoordinator coordinator() {
    return coordinator;
  }

  /** Returns the factory. */
  public SharedInformerFactory factory() {
    return factory;
  }

  /** Stops the controller (in-flight reconciles finish), the coordinator (releasing what it can) and the factory. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    controller.stop(Duration.ofSeconds(10));
    coordinator.close();
    factory.close();
    queues.shutdownAll();
  }
}
