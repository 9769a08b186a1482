package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.events.v1.EventBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.testkit.SimulatedApi;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The extension injects the server, its API, a client and a kubeconfig; Events and Namespaces are served. */
@EnableKubernetesTestServer
class KubernetesTestServerExtensionTest {

  @Kubeconfig
  Path kubeconfigField;
  KubernetesClient clientField;

  @Test
  void injectsFieldsAndParametersOfOneServer(KubernetesTestServer server, SimulatedApi api, KubernetesClient client,
                                             @Kubeconfig Path kubeconfig) throws Exception {
    assertThat(client).isSameAs(clientField);
    assertThat(kubeconfig).isEqualTo(kubeconfigField);
    assertThat(api).isSameAs(server.api());
    assertThat(Files.readString(kubeconfig)).contains("server: " + server.url().substring(0, server.url().length() - 1));
    assertThat(client.getMasterUrl().toString()).isEqualTo(server.url());
  }

  @Test
  void servesEventsAndNamespacesFromTheStart(KubernetesClient client) {
    client.namespaces().resource(new io.fabric8.kubernetes.api.model.NamespaceBuilder().withNewMetadata()
        .withName("shop").endMetadata().build()).create();
    client.events().v1().events().inNamespace("shop").resource(new EventBuilder().withNewMetadata().withName("e1")
        .endMetadata().withNewRegarding().withKind("ConfigMap").withName("settings").withNamespace("shop")
        .endRegarding().withReason("Reconciled").withNote("done").withAction("Reconcile")
        .withReportingController("example.com/widgets").withReportingInstance("a").withType("Normal")
        .withEventTime(new io.fabric8.kubernetes.api.model.MicroTime("2024-01-01T00:00:00.000000Z")).build()).create();

    assertThat(client.events().v1().events().inNamespace("shop").list().getItems())
        .extracting(e -> e.getReason()).containsExactly("Reconciled");
  }

  @Nested
  class Inner {
    @Test
    void sharesTheServerOfTheEnclosingClass(KubernetesClient client) {
      assertThat(client).isSameAs(clientField);
    }
  }
}
