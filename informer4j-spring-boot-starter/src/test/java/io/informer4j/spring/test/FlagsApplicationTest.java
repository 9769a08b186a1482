package io.informer4j.spring.test;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.spring.test.FlagsApplication.ReconciledKeys;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;

/**
 * A {@code @SpringBootTest} against the test server with no wiring: the server runs before the
 * context, the starter's backend reaches it through the kubeconfig property, the controller bean
 * reconciles what the test writes. Its body is the "Testing" example of docs/SPRING-BOOT.md
 * ({@link SpringBootDocsTest}).
 */
@DirtiesContext // closed after the class: other tests of this module check that no informer4j thread outlives them
@SpringBootTest(classes = FlagsApplication.class)
@AutoConfigureKubernetesTestServer(serve = ConfigMap.class, namespaces = "shop")
class FlagsApplicationTest {

  @Autowired
  KubernetesTestServer server;

  @Autowired
  ReconciledKeys reconciled;   // the application's own bean

  @Test
  void reconcilesTheFlagsWrittenToTheTestServer() {
    try (KubernetesClient client = server.newClient()) {
      client.configMaps().inNamespace("shop").resource(new ConfigMapBuilder()
          .withNewMetadata().withName("flags").endMetadata().addToData("beta", "on").build()).create();
      await().atMost(Duration.ofSeconds(30)).until(() -> reconciled.contains("shop/flags"));
    }
  }
}
