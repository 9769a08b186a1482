package io.informer4j.kubernetes.chaos;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.meta.ObjectType;
import io.informer4j.source.ListerWatcher;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testkit.chaos.FaultProxy;
import java.net.URI;
import java.time.Duration;

/**
 * The Kubernetes test server (over a simulated API that keeps the last 200 writes and sends a
 * bookmark every 500 ms), a {@link FaultProxy} in front of it, and a backend whose fabric8 client
 * talks to the proxy only, closed together.
 */
final class ChaosFixture implements AutoCloseable {

  static final ResourceDescriptor CONFIG_MAPS = ResourceDescriptor.of(ConfigMap.class);

  final SimulatedApi api;
  final KubernetesTestServer server;
  final FaultProxy proxy;
  final KubernetesBackend backend;

  ChaosFixture(long seed) {
    api = SimulatedApi.builder().historyLimit(200).bookmarkInterval(Duration.ofMillis(500)).build();
    server = KubernetesTestServer.start(api).serve(ConfigMap.class);
    URI target = URI.create(server.url());
    proxy = FaultProxy.builder(target.getHost(), target.getPort()).seed(seed).start();
    Config config = new ConfigBuilder(server.clientConfig()).withMasterUrl(proxy.url()).build();
    backend = KubernetesBackend.connect(config);
  }

  /** Returns ConfigMaps as fabric8's typed model. */
  ObjectType<ConfigMap> configMapType() {
    return backend.type(ConfigMap.class);
  }

  /** Returns ConfigMaps as dynamic resources, their descriptor registered (no discovery through the proxy). */
  ObjectType<GenericKubernetesResource> dynamicConfigMapType() {
    return backend.register(CONFIG_MAPS).dynamic(CONFIG_MAPS.type());
  }

  /** Returns a new source of typed ConfigMaps. */
  ListerWatcher<ConfigMap> configMaps() {
    return backend.listerWatcher(configMapType());
  }

  /** Returns a new source of dynamic ConfigMaps. */
  ListerWatcher<GenericKubernetesResource> dynamicConfigMaps() {
    return backend.listerWatcher(dynamicConfigMapType());
  }

  /** Closes the proxy first, so open streams end and the client closes without waiting for them. */
  @Override
  public void close() {
    proxy.close();
    server.close();
    backend.close();
    api.close();
  }
}
