package io.informer4j.testkit.coordination;

import io.informer4j.controller.Result;
import io.informer4j.coordination.LeaseTiming;
import io.informer4j.coordination.ShardCoordinator;
import io.informer4j.coordination.ShardLeases;
import io.informer4j.manager.ControllerStatus;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectType;
import io.informer4j.reader.CacheReader;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * One replica of a sharded controller, for tests and benchmarks of sharding on any backend: a
 * {@link Manager} (built from the caller's builder) running one controller
 * {@link io.informer4j.manager.ControllerBuilder#sharded sharded} by a {@link ShardCoordinator} over the
 * caller's {@link ShardLeases}. Each reconcile reads the object's resourceVersion from the manager's
 * cache ({@code ""} when it is gone), works for a fixed time and is recorded in a {@link ReconcileLog}.
 * Not thread-safe; {@link #close()} is idempotent.
 */
public final class ShardedReplica implements AutoCloseable {

  private final String identity;
  private final ShardCoordinator coordinator;
  private final Manager manager;
  private final List<Gain> gains = new CopyOnWriteArrayList<>();
  private boolean closed;

  /** Shards this replica gained at a {@link System#nanoTime()} reading. */
  private record Gain(long atNanos, Set<Integer> shards) {
  }

  private <T> ShardedReplica(String identity, Manager.Builder manager, ObjectType<T> type, ShardLeases leases,
                             LeaseTiming timing, int shards, ReconcileLog log, Duration reconcileTime, int workers) {
    this.identity = identity;
    this.coordinator = ShardCoordinator.builder(leases, shards).timing(timing).build();
    coordinator.addListener(gained -> gains.add(new Gain(System.nanoTime(), Set.copyOf(gained))));
    this.manager = manager.name(identity).build();
    CacheReader<T> cache = this.manager.cache().reader(type);
    this.manager.controller("sharded", type).sharded(coordinator).workers(workers).readYourWrites(false)
        .reconcile(key -> {
          long start = log.start(identity, key.toString());
          String version = cache.find(key).map(type.adapter()::resourceVersion).orElse("");
          LockSupport.parkNanos(reconcileTime.toNanos());
          log.end(identity, key.toString(), version, start);
          return Result.done();
        });
    this.manager.start();
  }

  /**
   * Starts a replica: its manager runs the cache, the coordinator and a controller of {@code type}
   * whose workers reconcile only keys of the shards it holds.
   *
   * @param identity      the replica's identity (as its leases'), also the manager's name
   * @param manager       the manager to build, over the replica's backend
   * @param type          the reconciled type
   * @param leases        the backend leases of this replica
   * @param timing        the lease timing
   * @param shards        the number of shards
   * @param log           where reconciles are recorded
   * @param reconcileTime how long each reconcile works
   * @param workers       the number of controller workers
   */
  public static <T> ShardedReplica start(String identity, Manager.Builder manager, ObjectType<T> type,
                                         ShardLeases leases, LeaseTiming timing, int shards, ReconcileLog log,
                                         Duration reconcileTime, int workers) {
    return new ShardedReplica(identity, manager, type, leases, timing, shards, log, reconcileTime, workers);
  }

  /** Returns the identity. */
  public String identity() {
    return identity;
  }

  /** Returns the shards held now. */
  public Set<Integer> held() {
    return coordinator.ownership().held();
  }

  /** Returns the shards this replica gained at or after {@code sinceNanos} (a {@link System#nanoTime()} reading). */
  public Set<Integer> gainedSince(long sinceNanos) {
    Set<Integer> out = new TreeSet<>();
    gains.stream().filter(gain -> gain.atNanos() - sinceNanos >= 0).forEach(gain -> out.addAll(gain.shards()));
    return out;
  }

  /** Returns true when the controller's queue is empty and no reconcile runs. */
  public boolean idle() {
    ControllerStatus status = manager.controllers().get(0);
    return status.queueDepth() == 0 && status.activeWorkers() == 0;
  }

  /** Returns the coordinator. */
  public ShardCoordinator coordinator() {
    return coordinator;
  }

  /** Returns the manager. */
  public Manager manager() {
    return manager;
  }

  /**
   * Stops the manager: the controller (in-flight reconciles finish), the coordinator (releasing what it
   * can), the cache.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    manager.close();
  }
}
