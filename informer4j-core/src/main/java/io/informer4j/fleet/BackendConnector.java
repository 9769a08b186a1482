package io.informer4j.fleet;

import io.informer4j.source.Backend;

/**
 * Connects to one cluster: returns a new backend for it each time it is called. The fleet owns what
 * it returns and closes it (if {@link AutoCloseable}) when the cluster is disengaged.
 */
@FunctionalInterface
public interface BackendConnector {

  /**
   * Returns a new backend for the cluster; may block briefly (reading a kubeconfig), should not wait
   * for the cluster to answer.
   *
   * @throws Exception when it cannot (a malformed kubeconfig); the cluster is then reported failed
   */
  Backend connect() throws Exception;
}
