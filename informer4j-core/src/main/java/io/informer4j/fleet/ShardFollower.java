package io.informer4j.fleet;

import io.informer4j.coordination.ShardListener;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows a sharded fleet's shards: the clusters of a gained shard are engaged (or, kept warm, their
 * cached keys queued again at once); those of a lost shard are disengaged unless kept warm. Called on
 * the coordinator's thread; engaging and disengaging run on the fleet's I/O threads, so the
 * coordinator's rounds are not held up.
 */
final class ShardFollower implements ShardListener {

  private static final Logger log = LoggerFactory.getLogger(ShardFollower.class);

  private final FleetManager fleet;
  private final ClusterSharding sharding;

  ShardFollower(FleetManager fleet, ClusterSharding sharding) {
    this.fleet = fleet;
    this.sharding = sharding;
  }

  @Override
  public void gained(Set<Integer> shards) {
    for (String name : clustersOf(shards)) {
      fleet.cluster(name).ifPresentOrElse(
          cluster -> log.info("fleet: cluster '{}' owned, {} cached keys queued", name, cluster.requeueAll()),
          () -> fleet.syncLater(name));
    }
  }

  @Override
  public void lost(Set<Integer> shards) {
    for (String name : clustersOf(shards)) {
      log.info("fleet: cluster '{}' no longer owned{}", name, sharding.warmStandby() ? ", kept warm" : "");
      if (!sharding.warmStandby()) {
        fleet.syncLater(name);
      }
    }
  }

  private List<String> clustersOf(Set<Integer> shards) {
    return fleet.knownClusters().stream().filter(name -> shards.contains(sharding.shardOf(name))).sorted().toList();
  }
}
