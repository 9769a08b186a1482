package io.informer4j.etcd;

import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.source.ListerWatcher;
import io.informer4j.testkit.ListerWatcherContract;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The core's ListerWatcher contract, for a namespaced type on a real etcd (every capability). */
class EtcdListerWatcherContractTest extends ListerWatcherContract<EtcdObject<Widget>> {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();

  private EtcdWriter writer;
  private EtcdListerWatcher<EtcdObject<Widget>> source;

  @BeforeEach
  void freshPrefix() {
    KeyLayout layout = KeyLayout.namespaced(ETCD.newPrefix("contract"));
    writer = new EtcdWriter(ETCD.client(), layout);
    source = EtcdListerWatcher.builder(ETCD.client(), layout, Widget.CODEC, Widget.ADAPTER).chunkSize(5).build();
  }

  @Override
  protected ListerWatcher<EtcdObject<Widget>> listerWatcher() {
    return source;
  }

  @Override
  protected ObjectAdapter<EtcdObject<Widget>> adapter() {
    return Widget.ADAPTER;
  }

  @Override
  protected void create(String namespace, String name, Map<String, String> labels) {
    writer.put(namespace, name, Widget.labelled(labels));
  }

  @Override
  protected void update(String namespace, String name, Map<String, String> labels) {
    writer.put(namespace, name, Widget.labelled(labels));
  }

  @Override
  protected void delete(String namespace, String name) {
    writer.delete(namespace, name);
  }

  @Override
  protected void expireHistory() {
    writer.compact(writer.currentRevision());
  }
}
