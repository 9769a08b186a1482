package io.informer4j.testkit;

import io.informer4j.meta.Scope;

/** The {@link ListerWatcherContract} run against a cluster-scoped type of a fresh {@link SimulatedApi}. */
class SimulatedApiClusterScopedContractTest extends SimulatedApiListerWatcherContractTest {

  @Override
  Scope scope() {
    return Scope.CLUSTER;
  }

  @Override
  protected boolean clusterScoped() {
    return true;
  }
}
