package io.informer4j.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.kubernetes.testserver.ResourceType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.ListerWatcher;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.SimulatedApiBuilder;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A simulated API, the Kubernetes test server over it, a fabric8 client of the server and a
 * backend on that client, closed together. ConfigMaps are served and the Namespace {@code shop}
 * exists from the start.
 */
final class TestServerFixture implements AutoCloseable {

  static final ResourceDescriptor CONFIG_MAPS = ResourceDescriptor.of(ConfigMap.class);
  static final ResourceDescriptor WIDGETS =
      new ResourceDescriptor(TypeKey.of("example.com", "v1", "Widget"), "widgets", Scope.NAMESPACED);

  final SimulatedApi api;
  final KubernetesTestServer server;
  final KubernetesClient client;
  final KubernetesBackend backend;

  TestServerFixture() {
    this(b -> b, WatchTransport.HTTP_STREAM);
  }

  TestServerFixture(UnaryOperator<SimulatedApiBuilder> options, WatchTransport transport) {
    api = options.apply(SimulatedApi.builder()).build();
    server = KubernetesTestServer.start(api).serve(ConfigMap.class).createNamespaces("shop");
    client = server.newClient();
    backend = KubernetesBackend.builder(client).watchTransport(transport).build();
  }

  /** Returns a new source of ConfigMaps as fabric8's typed model. */
  ListerWatcher<ConfigMap> configMaps() {
    return Informers.configMapSource(backend);
  }

  /** Returns a new source of the objects {@code descriptor} describes, as dynamic resources. */
  ListerWatcher<GenericKubernetesResource> dynamic(ResourceDescriptor descriptor) {
    return backend.listerWatcher(backend.register(descriptor).dynamic(descriptor.type()));
  }

  /** Returns the test server's type of {@code descriptor}'s resource. */
  static ResourceType served(ResourceDescriptor descriptor) {
    return ResourceType.of(descriptor.type(), descriptor.plural(), descriptor.scope());
  }

  /** Replaces the labels of a stored object of {@code type} in the simulated API. */
  void relabel(TypeKey type, String namespace, String name, Map<String, String> labels) {
    api.update(type, api.get(type, namespace, name).orElseThrow().withLabels(labels));
  }

  /** Closes the server first, so open watch streams end and the client closes without waiting for them. */
  @Override
  public void close() {
    server.close();
    backend.close();
    client.close();
    api.close();
  }
}
