package io.informer4j.etcd;

import io.informer4j.etcd.testing.EtcdServerExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The core's ListerWatcher contract, for a cluster-scoped layout on a real etcd. */
class EtcdClusterScopedContractTest extends EtcdContractBase {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();

  @Override
  EtcdServerExtension etcd() {
    return ETCD;
  }

  @Override
  KeyLayout freshLayout() {
    return KeyLayout.clusterScoped(ETCD.newPrefix("cluster-contract"));
  }

  @Override
  protected boolean clusterScoped() {
    return true;
  }
}
