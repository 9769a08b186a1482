package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Namespaces as on a cluster, after the Namespace strategy (kubernetes/pkg/registry/core/namespace/strategy.go),
 * its storage (pkg/registry/core/namespace/storage/storage.go), the NamespaceLifecycle admission plugin
 * (plugin/pkg/admission/namespace/lifecycle/admission.go), the namespace controller
 * (pkg/controller/namespace/deletion/namespaced_resources_deleter.go) and
 * https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces/.
 */
@EnableKubernetesTestServer(serve = ConfigMap.class, perTest = true)
class NamespacesTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  KubernetesClient client;
  KubernetesTestServer server;

  private void createNamespace(String name) {
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
  }

  private ConfigMap configMap(String namespace, String name) {
    return new ConfigMapBuilder().withNewMetadata().withNamespace(namespace).withName(name).endMetadata().build();
  }

  @Test
  void aClusterStartsWithItsFourNamespacesActiveAndLabelled() {
    List<Namespace> namespaces = client.namespaces().list().getItems();

    assertThat(namespaces).extracting(n -> n.getMetadata().getName())
        .containsExactlyInAnyOrder("default", "kube-system", "kube-public", "kube-node-lease");
    assertThat(namespaces).allSatisfy(n -> {
      assertThat(n.getStatus().getPhase()).isEqualTo("Active");
      assertThat(n.getSpec().getFinalizers()).containsExactly("kubernetes");
      assertThat(n.getMetadata().getLabels()).containsEntry("kubernetes.io/metadata.name", n.getMetadata().getName());
    });
  }

  @Test
  void aNewNamespaceIsActiveWithTheKubernetesFinalizerAndTheNameLabel() {
    Namespace created = client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withGenerateName("team-")
        .endMetadata().withNewSpec().withFinalizers("example.com/keep").endSpec().build()).create();

    assertThat(created.getStatus().getPhase()).isEqualTo("Active");
    assertThat(created.getSpec().getFinalizers()).containsExactly("example.com/keep", "kubernetes");
    assertThat(created.getMetadata().getLabels())
        .containsExactly(Map.entry("kubernetes.io/metadata.name", created.getMetadata().getName()));
  }

  @Test
  void anUpdateKeepsTheSpecFinalizersAndTheNameLabel() {
    createNamespace("shop");

    Namespace updated = client.namespaces().withName("shop").edit(n -> new NamespaceBuilder(n).editMetadata()
        .withLabels(Map.of("team", "a")).endMetadata().editSpec().withFinalizers().endSpec().build());

    assertThat(updated.getSpec().getFinalizers()).containsExactly("kubernetes");
    assertThat(updated.getMetadata().getLabels()).containsEntry("team", "a")
        .containsEntry("kubernetes.io/metadata.name", "shop");
  }

  @Test
  void creatingInAMissingNamespaceIsNotFound() {
    RawHttp.Answer answer = new RawHttp(server).post("/api/v1/namespaces/missing/configmaps",
        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"settings\"}}");

    assertThat(answer.code()).isEqualTo(404);
    assertThat(answer.json()).containsEntry("reason", "NotFound")
        .containsEntry("message", "namespaces \"missing\" not found")
        .containsEntry("details", Map.of("name", "missing", "kind", "namespaces"));
  }

  @Test
  void deletingANamespaceMakesItTerminatingThenEmptiesAndRemovesIt() {
    createNamespace("shop");
    client.resource(new ConfigMapBuilder(configMap("shop", "held")).editMetadata().withFinalizers("example.com/hold")
        .endMetadata().build()).create();
    client.resource(configMap("shop", "plain")).create();
    client.resource(configMap("default", "elsewhere")).create();

    client.namespaces().withName("shop").delete();

    Namespace terminating = client.namespaces().withName("shop").get();
    assertThat(terminating.getStatus().getPhase()).isEqualTo("Terminating");
    assertThat(terminating.getMetadata().getDeletionTimestamp()).isNotNull();
    await().atMost(WAIT).until(() -> client.configMaps().inNamespace("shop").withName("plain").get() == null);
    assertThat(client.configMaps().inNamespace("shop").withName("held").get().getMetadata().getDeletionTimestamp())
        .isNotNull();
    assertThat(client.namespaces().withName("shop").get()).isNotNull();

    client.configMaps().inNamespace("shop").withName("held")
        .edit(c -> new ConfigMapBuilder(c).editMetadata().withFinalizers().endMetadata().build());

    await().atMost(WAIT).until(() -> client.namespaces().withName("shop").get() == null);
    assertThat(client.configMaps().inNamespace("default").withName("elsewhere").get()).isNotNull();
  }

  @Test
  void creatingInATerminatingNamespaceIsForbidden() {
    createNamespace("shop");
    client.resource(new ConfigMapBuilder(configMap("shop", "held")).editMetadata().withFinalizers("example.com/hold")
        .endMetadata().build()).create();
    client.namespaces().withName("shop").delete();

    RawHttp.Answer answer = new RawHttp(server).post("/api/v1/namespaces/shop/configmaps",
        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"late\"}}");

    assertThat(answer.code()).isEqualTo(403);
    assertThat(answer.json()).containsEntry("reason", "Forbidden").containsEntry("message",
        "configmaps \"late\" is forbidden: unable to create new content in namespace shop because it is being terminated");
    assertThat(answer.json().get("details")).isEqualTo(Map.of("name", "late", "kind", "configmaps", "causes",
        List.of(Map.of("reason", "NamespaceTerminating", "message", "namespace shop is being terminated",
            "field", "metadata.namespace"))));
  }

  @Test
  void theSystemNamespacesMayNotBeDeleted() {
    assertThatThrownBy(() -> client.namespaces().withName("kube-system").delete())
        .isInstanceOfSatisfying(KubernetesClientException.class, e -> {
          assertThat(e.getCode()).isEqualTo(403);
          assertThat(e.getStatus().getMessage()).isEqualTo("namespaces \"kube-system\" is forbidden: this namespace may not be deleted");
        });
    assertThat(client.namespaces().withName("kube-system").get().getStatus().getPhase()).isEqualTo("Active");
  }

  @Test
  void namespacesCanBeDeclaredUpFront() {
    server.createNamespaces("shop", "bank", "shop");

    assertThat(client.resource(configMap("bank", "ledger")).create().getMetadata().getNamespace()).isEqualTo("bank");
    assertThat(client.namespaces().withName("shop").get().getStatus().getPhase()).isEqualTo("Active");
    assertThatThrownBy(() -> server.createNamespaces("Not_A_Label")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("metadata.name: Invalid value: \"Not_A_Label\"");
  }
}
