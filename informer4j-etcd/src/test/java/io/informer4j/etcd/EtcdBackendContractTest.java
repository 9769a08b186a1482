package io.informer4j.etcd;

import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.Backend;
import io.informer4j.testkit.BackendContract;
import io.informer4j.testkit.RecordedRequest;
import io.informer4j.testkit.RecordingBackend;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The {@link BackendContract} on a real etcd: widgets (namespaced) in an {@link EtcdTypes} catalog,
 * each test under a fresh key prefix, their color in the value's {@code spec.color}.
 *
 * <p>The backend under test is the catalog wrapped in a {@link RecordingBackend}, which records the
 * list and watch requests of the catalog's sources: etcd itself counts range and watch RPCs only
 * per server (its metrics), over every client and prefix and including the reads a list makes per
 * chunk and the progress probes of idle watches, so it cannot say what the informers of this test
 * asked. Everything else goes to the catalog unchanged.
 */
class EtcdBackendContractTest extends BackendContract<EtcdObject<Widget>> {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();
  private static final ObjectType<EtcdObject<Widget>> WIDGETS =
      Widget.type(TypeKey.of("contract.informer4j.io", "v1", "Widget"));

  private final KeyLayout layout = KeyLayout.namespaced(ETCD.newPrefix("contract-widgets"));
  private final EtcdWriter writer = new EtcdWriter(ETCD.client(), layout);
  private final RecordingBackend backend =
      new RecordingBackend(EtcdTypes.builder(ETCD.client()).json(WIDGETS, layout, Widget.class).build());

  @Override
  protected Backend backend() {
    return backend;
  }

  @Override
  protected ObjectType<EtcdObject<Widget>> type() {
    return WIDGETS;
  }

  @Override
  protected void create(String namespace, String name, Map<String, String> labels, String color) {
    writer.put(namespace, name, new Widget(labels, color));
  }

  @Override
  protected void update(String namespace, String name, Map<String, String> labels, String color) {
    writer.put(namespace, name, new Widget(labels, color));
  }

  @Override
  protected void delete(String namespace, String name) {
    writer.delete(namespace, name);
  }

  @Override
  protected String colorField() {
    return "spec.color";
  }

  @Override
  protected String colorOf(EtcdObject<Widget> object) {
    return object.value().color();
  }

  @Override
  protected List<RecordedRequest> requests() {
    return backend.requests();
  }
}
