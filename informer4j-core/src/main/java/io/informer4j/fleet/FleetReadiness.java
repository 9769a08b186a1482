package io.informer4j.fleet;

import java.util.List;

/**
 * Whether a fleet is ready under its policy, and which clusters are and are not.
 *
 * @param ready    whether {@code policy} is met
 * @param policy   the fleet's readiness policy
 * @param readyClusters    names of the ready clusters, sorted
 * @param notReadyClusters names of the clusters not ready (syncing, failed), sorted
 */
public record FleetReadiness(boolean ready, ReadinessPolicy policy, List<String> readyClusters,
                             List<String> notReadyClusters) {

  /** Copies the lists. */
  public FleetReadiness {
    readyClusters = List.copyOf(readyClusters);
    notReadyClusters = List.copyOf(notReadyClusters);
  }
}
