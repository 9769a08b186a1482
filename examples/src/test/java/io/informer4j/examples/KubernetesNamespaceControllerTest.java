package io.informer4j.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.manager.Manager;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes example against the project's Kubernetes test server: the controller reconciles the
 * ConfigMaps of its namespaces, reading each from the cache, and the cache lists and watches only
 * those namespaces.
 */
class KubernetesNamespaceControllerTest {

  private static final ResourceDescriptor CONFIG_MAPS =
      new ResourceDescriptor(TypeKey.of("", "v1", "ConfigMap"), "configmaps", Scope.NAMESPACED);

  @Test
  @SuppressWarnings("try")
  void reconcilesTheConfigMapsOfTheAllowedNamespacesOnly() {
    List<String> seen = new CopyOnWriteArrayList<>();
    try (SimulatedApi api = SimulatedApi.builder().build();
         KubernetesTestServer server = KubernetesTestServer.start(api).serve(ConfigMap.class);
         KubernetesBackend kube = KubernetesBackend.connect(server.clientConfig())) {
      api.create(CONFIG_MAPS.type(), SimObject.of("shop", "settings").withContent(Map.of("data", Map.of("a", "1", "b", "2"))));
      api.create(CONFIG_MAPS.type(), SimObject.of("kube-system", "coredns"));

      try (Manager manager = KubernetesNamespaceController.start(kube, List.of("shop"), seen::add)) {
        api.create(CONFIG_MAPS.type(), SimObject.of("shop", "flags"));
        api.create(CONFIG_MAPS.type(), SimObject.of("kube-system", "proxy"));
        api.delete(CONFIG_MAPS.type(), "shop", "settings");

        await().atMost(Duration.ofSeconds(30)).until(() -> seen.contains("shop/flags: 0 keys") && seen.contains("deleted shop/settings"));
      }
      assertThat(seen).noneMatch(line -> line.contains("kube-system"));
      assertThat(api.requests()).filteredOn(request -> request.type().equals(CONFIG_MAPS.type())).isNotEmpty()
          .allSatisfy(request -> assertThat(request.selection().namespace()).as("namespace of %s", request).isEqualTo("shop"));
    }
  }
}
