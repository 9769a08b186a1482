package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.source.ListerWatcher;
import io.informer4j.testkit.ListerWatcherContract;
import io.informer4j.testkit.SimObject;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The core's ListerWatcher contract for a CRD-defined dynamic type (found through discovery), with
 * watches over WebSocket, against the test server.
 */
class DynamicContractTest extends ListerWatcherContract<GenericKubernetesResource> {

  private TestServerFixture fixture;

  @BeforeEach
  void startServer() {
    fixture = new TestServerFixture(b -> b, WatchTransport.WEBSOCKET);
    fixture.server.createCustomResourceDefinition(TestServerFixture.served(TestServerFixture.WIDGETS));
  }

  @AfterEach
  void stopServer() {
    fixture.close();
  }

  @Override
  protected ListerWatcher<GenericKubernetesResource> listerWatcher() {
    return fixture.backend.listerWatcher(fixture.backend.dynamic(TestServerFixture.WIDGETS.type()));
  }

  @Override
  protected ObjectAdapter<GenericKubernetesResource> adapter() {
    return fixture.backend.dynamic(TestServerFixture.WIDGETS.type()).adapter();
  }

  @Override
  protected void create(String namespace, String name, Map<String, String> labels) {
    fixture.api.create(TestServerFixture.WIDGETS.type(), SimObject.of(namespace, name).withLabels(labels)
        .withContentAt("spec.color", "red"));
  }

  @Override
  protected void update(String namespace, String name, Map<String, String> labels) {
    fixture.relabel(TestServerFixture.WIDGETS.type(), namespace, name, labels);
  }

  @Override
  protected void delete(String namespace, String name) {
    fixture.api.delete(TestServerFixture.WIDGETS.type(), namespace, name);
  }

  @Override
  protected void expireHistory() {
    fixture.api.compact();
  }
}
