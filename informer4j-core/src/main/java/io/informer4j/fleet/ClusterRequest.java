package io.informer4j.fleet;

import io.informer4j.meta.ObjectKey;
import java.util.Objects;

/**
 * A request to reconcile the object {@code key} of the cluster {@code cluster}, as
 * multicluster-runtime's {@code mcreconcile.Request}.
 *
 * @param cluster the cluster's name
 * @param key     the primary object's key within that cluster
 */
public record ClusterRequest(String cluster, ObjectKey key) {

  /** Checks that neither part is null. */
  public ClusterRequest {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(key, "key");
  }

  @Override
  public String toString() {
    return cluster + "|" + key;
  }
}
