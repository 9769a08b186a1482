package io.informer4j.fleet;

import io.informer4j.informer.InformerRuntime;

/**
 * Discovers clusters and reports them to a {@link ClusterListener}, as multicluster-runtime's
 * providers do: a fixed list, kubeconfig files in a directory, kubeconfig Secrets in a hub cluster.
 * A {@link FleetManager} starts its provider when it starts and closes it when it stops. A provider
 * owns no thread: whatever it runs (rescanning a directory, an informer on the hub) runs on the
 * fleet's runtime.
 */
public interface ClusterProvider extends AutoCloseable {

  /**
   * Reports every cluster known now ({@link ClusterListener#appeared}), then every later change, to
   * {@code listener}, until closed. Called once.
   *
   * @param listener learns of the clusters
   * @param runtime  the fleet's runtime (it stays the fleet's), for any work of the provider's own
   * @throws Exception when the provider cannot start; the fleet's start then fails
   */
  void start(ClusterListener listener, InformerRuntime runtime) throws Exception;

  /** Stops reporting; idempotent. Clusters already reported stay engaged until the fleet stops. */
  @Override
  void close();
}
