package io.informer4j.etcd;

import io.informer4j.etcd.testing.EtcdServerExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The core's ListerWatcher contract, for a namespaced type on a real etcd (every capability). */
class EtcdListerWatcherContractTest extends EtcdContractBase {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();

  @Override
  EtcdServerExtension etcd() {
    return ETCD;
  }

  @Override
  KeyLayout freshLayout() {
    return KeyLayout.namespaced(ETCD.newPrefix("contract"));
  }
}
