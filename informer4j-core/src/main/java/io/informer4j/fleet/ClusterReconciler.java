package io.informer4j.fleet;

import io.informer4j.controller.Result;

/**
 * Reconciles one object of one cluster of a fleet; as {@link io.informer4j.controller.Reconciler}
 * (the same outcomes, the same thread-safety), with the engaged cluster to read from and write to.
 */
@FunctionalInterface
public interface ClusterReconciler {

  /**
   * Reconciles {@code request.key()} in {@code cluster} (whose name is {@code request.cluster()}).
   *
   * @return what to do next with the request
   * @throws Exception any failure, handled as a {@link io.informer4j.controller.Reconciler}'s
   */
  Result reconcile(ClusterRequest request, EngagedCluster cluster) throws Exception;
}
