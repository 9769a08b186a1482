package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.source.ListerWatcher;
import io.informer4j.testkit.ListerWatcherContract;
import io.informer4j.testkit.SimObject;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The core's ListerWatcher contract for typed ConfigMaps, through HTTP (chunked watches) against the test server. */
class TypedContractTest extends ListerWatcherContract<ConfigMap> {

  private TestServerFixture fixture;

  @BeforeEach
  void startServer() {
    fixture = new TestServerFixture();
  }

  @AfterEach
  void stopServer() {
    fixture.close();
  }

  @Override
  protected ListerWatcher<ConfigMap> listerWatcher() {
    return fixture.configMaps();
  }

  @Override
  protected ObjectAdapter<ConfigMap> adapter() {
    return fixture.backend.type(ConfigMap.class).adapter();
  }

  @Override
  protected void create(String namespace, String name, Map<String, String> labels) {
    fixture.api.create(TestServerFixture.CONFIG_MAPS.type(), SimObject.of(namespace, name).withLabels(labels));
  }

  @Override
  protected void update(String namespace, String name, Map<String, String> labels) {
    fixture.relabel(TestServerFixture.CONFIG_MAPS.type(), namespace, name, labels);
  }

  @Override
  protected void delete(String namespace, String name) {
    fixture.api.delete(TestServerFixture.CONFIG_MAPS.type(), namespace, name);
  }

  @Override
  protected void expireHistory() {
    fixture.api.compact();
  }
}
