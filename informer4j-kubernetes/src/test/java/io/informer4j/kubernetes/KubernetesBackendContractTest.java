package io.informer4j.kubernetes;

import static io.informer4j.kubernetes.TestServerFixture.CONFIG_MAPS;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.meta.ObjectType;
import io.informer4j.source.Backend;
import io.informer4j.testkit.BackendContract;
import io.informer4j.testkit.RecordedRequest;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;

/**
 * The {@link BackendContract} on the Kubernetes backend over the test server: typed ConfigMaps whose
 * color is {@code data.color}; list and watch requests are counted from the log of the simulated API
 * behind the server.
 *
 * <p>ConfigMaps are served as Kubernetes serves them, selectable by {@code metadata.name} and
 * {@code metadata.namespace} only (the server rejects a field selector on {@code data.color} with
 * 400), and after each test every recorded request is checked to have carried no field selector: the
 * reader's field index answers {@code data.color=red}, not the server.
 */
class KubernetesBackendContractTest extends BackendContract<ConfigMap> {

  private static final String COLOR = "data.color";

  private final SimulatedApi api = SimulatedApi.builder().build();
  private final KubernetesTestServer server = KubernetesTestServer.start(api).serve(ConfigMap.class);
  private final KubernetesClient client = server.newClient();
  private final KubernetesBackend backend = KubernetesBackend.using(client);
  /** Closes the server first (so watch streams end), after the contract stopped its map. */
  @AutoClose
  private final AutoCloseable closeAll = () -> {
    server.close();
    backend.close();
    client.close();
    api.close();
  };

  @AfterEach
  void noRequestCarriedAFieldSelector() {
    assertThat(configMapRequests()).allSatisfy(request -> assertThat(request.selection().fields().isEverything())
        .as("field selector of %s", request).isTrue());
  }

  private List<RecordedRequest> configMapRequests() {
    return api.requests().stream().filter(request -> request.type().equals(CONFIG_MAPS.type())).toList();
  }

  @Override
  protected Backend backend() {
    return backend;
  }

  @Override
  protected ObjectType<ConfigMap> type() {
    return backend.type(ConfigMap.class);
  }

  @Override
  protected void create(String namespace, String name, Map<String, String> labels, String color) {
    api.create(CONFIG_MAPS.type(), configMap(namespace, name, labels, color));
  }

  @Override
  protected void update(String namespace, String name, Map<String, String> labels, String color) {
    api.update(CONFIG_MAPS.type(), configMap(namespace, name, labels, color));
  }

  private static SimObject configMap(String namespace, String name, Map<String, String> labels, String color) {
    return SimObject.of(namespace, name).withLabels(labels).withContentAt(COLOR, color);
  }

  @Override
  protected void delete(String namespace, String name) {
    api.delete(CONFIG_MAPS.type(), namespace, name);
  }

  @Override
  protected String colorField() {
    return COLOR;
  }

  @Override
  protected String colorOf(ConfigMap object) {
    return object.getData().get("color");
  }

  @Override
  protected List<RecordedRequest> requests() {
    return configMapRequests();
  }
}
