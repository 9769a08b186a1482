package com.example.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.testserver.EnableKubernetesTestServer;
import io.informer4j.manager.Manager;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@EnableKubernetesTestServer(serve = ConfigMap.class, namespaces = {"shop", "payments"})
class AppTest {

  @ParameterizedTest
  @ValueSource(strings = {"shop", "payments"})
  void reconcilesTheConfigMapsOfTheCluster(String namespace, KubernetesClient client) throws Exception {
    CompletableFuture<String> reconciled = new CompletableFuture<>();
    try (KubernetesBackend kube = KubernetesBackend.using(client);
         Manager manager = App.start(kube, key -> {
           if (key.startsWith(namespace + "/")) {
             reconciled.complete(key);
           }
         })) {
      client.configMaps().inNamespace(namespace).resource(new ConfigMapBuilder()
          .withNewMetadata().withName("flags").endMetadata().addToData("beta", "on").build()).create();
      assertEquals(namespace + "/flags", reconciled.get(30, TimeUnit.SECONDS));
    }
  }
}
