package io.informer4j.fleet;

import io.informer4j.manager.ControllerStatus;
import java.util.List;

/**
 * A snapshot of one cluster of a fleet, for status pages and health checks.
 *
 * @param cluster     the cluster's name
 * @param ready       its caches synced and its controllers run
 * @param owned       its controllers reconcile here: always, unless the fleet is sharded; then
 *                    while this replica holds the cluster's shard (false for a warm standby cluster)
 * @param failure     why it failed (it could not connect, or its manager stopped on a fatal cause),
 *                    or null
 * @param informers   how many informers its cache runs
 * @param controllers every controller it runs
 */
public record ClusterStatus(String cluster, boolean ready, boolean owned, String failure, int informers,
                            List<ControllerStatus> controllers) {

  /** Copies the list. */
  public ClusterStatus {
    controllers = List.copyOf(controllers);
  }
}
