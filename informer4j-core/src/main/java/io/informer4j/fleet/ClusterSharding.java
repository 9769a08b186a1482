package io.informer4j.fleet;

import io.informer4j.controller.KeyPredicate;
import io.informer4j.controller.ReconcileGate;
import io.informer4j.coordination.ShardCoordinator;
import io.informer4j.coordination.ShardHash;
import io.informer4j.coordination.ShardOwnership;
import io.informer4j.manager.ControllerBuilder;
import io.informer4j.meta.ObjectKey;

/**
 * How a sharded {@link FleetManager} decides which clusters are its own: a cluster belongs to shard
 * {@link ShardHash#shardOf(String, int)} of its name, and this replica owns it while its
 * {@link ShardCoordinator} holds that shard (held, not being released, within its renew deadline).
 * A cluster is engaged while owned, or always with warm standby; its controllers work only while
 * it is owned (key filter and gate on the shard, reconciles counted in flight so a release waits for
 * them). Thread-safe.
 *
 * @param coordinator shares the shards among the replicas
 * @param warmStandby whether clusters not owned stay engaged, their caches warm
 */
record ClusterSharding(ShardCoordinator coordinator, boolean warmStandby) {

  /** Returns the shard of the cluster named {@code cluster}. */
  int shardOf(String cluster) {
    return ShardHash.shardOf(cluster, coordinator.ownership().shards());
  }

  /** Returns true while this replica owns the cluster named {@code cluster}. */
  boolean owns(String cluster) {
    return coordinator.ownership().isActive(shardOf(cluster));
  }

  /** Returns true if the cluster named {@code cluster} should be engaged now. */
  boolean engages(String cluster) {
    return warmStandby || owns(cluster);
  }

  /** Lets the cluster's instance of a controller queue and reconcile keys only while the cluster is owned. */
  void gate(ControllerBuilder<?> controller, String cluster) {
    ShardOwnership ownership = coordinator.ownership();
    int shard = shardOf(cluster);
    KeyPredicate owned = (type, key) -> ownership.isActive(shard);
    ReconcileGate<ObjectKey> gate = ownership.gate(key -> shard);
    controller.keyFilter(owned).gate(gate);
  }
}
