package io.informer4j.etcd;

import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.source.ListerWatcher;
import io.informer4j.testkit.ListerWatcherContract;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;

/**
 * The core's ListerWatcher contract on a real etcd, each test under a fresh key prefix, with
 * widgets written through {@link EtcdWriter} and lists read in chunks of 5 keys (so paging is
 * exercised). Subclasses give the server and the layout.
 */
abstract class EtcdContractBase extends ListerWatcherContract<EtcdObject<Widget>> {

  private EtcdWriter writer;
  private EtcdListerWatcher<EtcdObject<Widget>> source;

  /** Returns the class's etcd. */
  abstract EtcdServerExtension etcd();

  /** Returns a layout under a prefix no other test uses. */
  abstract KeyLayout freshLayout();

  @BeforeEach
  void freshPrefix() {
    KeyLayout layout = freshLayout();
    writer = new EtcdWriter(etcd().client(), layout);
    source = EtcdListerWatcher.builder(etcd().client(), layout, Widget.CODEC, Widget.ADAPTER).chunkSize(5).build();
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
