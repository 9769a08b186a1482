package io.informer4j.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.testserver.EnableKubernetesTestServer;
import io.informer4j.manager.Manager;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** How an operator author tests a controller: the extension runs the API server and hands over a client. */
@EnableKubernetesTestServer(serve = ConfigMap.class, namespaces = "shop")
class OperatorWithTestServerExtensionTest {

  @Test
  void reconcilesWhatClientsWriteInItsNamespacesOnly(KubernetesClient client) {
    List<String> seen = new CopyOnWriteArrayList<>();
    try (KubernetesBackend kube = KubernetesBackend.using(client);
         Manager manager = KubernetesNamespaceController.start(kube, List.of("shop"), seen::add)) {
      for (String namespace : List.of("shop", "kube-system")) {
        client.configMaps().inNamespace(namespace).resource(new ConfigMapBuilder().withNewMetadata().withName("flags")
            .endMetadata().addToData("beta", "on").build()).create();
      }
      await().atMost(Duration.ofSeconds(30)).until(() -> seen.contains("shop/flags: 1 keys"));

      client.configMaps().inNamespace("shop").withName("flags").delete();
      await().atMost(Duration.ofSeconds(30)).until(() -> seen.contains("deleted shop/flags"));
    }
    assertThat(seen).noneMatch(line -> line.contains("kube-system"));
  }
}
