package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import org.junit.jupiter.api.Test;

/** Scripted write refusals ({@link KubernetesTestServer#failNextWrites}) and the request log ({@link KubernetesTestServer#requests()}). */
@EnableKubernetesTestServer(serve = ConfigMap.class, perTest = true)
class WriteFaultsTest {

  KubernetesTestServer server;
  KubernetesClient client;

  private ConfigMap configMap(String name) {
    return new ConfigMapBuilder().withNewMetadata().withName(name).endMetadata().build();
  }

  @Test
  void refusesTheScriptedWritesWithTheirStatusThenServesAgain() {
    server.failNextWrites(1, 409, "scripted conflict");

    assertThatThrownBy(() -> client.resource(configMap("a")).create()).isInstanceOfSatisfying(
        KubernetesClientException.class, e -> {
          assertThat(e.getCode()).isEqualTo(409);
          assertThat(e.getStatus().getReason()).isEqualTo("Conflict");
          assertThat(e.getStatus().getMessage()).isEqualTo("scripted conflict");
        });
    assertThat(client.configMaps().withName("a").get()).as("reads are never refused").isNull();
    assertThat(client.resource(configMap("a")).create().getMetadata().getResourceVersion()).isNotEmpty();
  }

  @Test
  void recordsEveryRequestWithItsMethodAndPath() {
    client.resource(configMap("b")).create();
    client.configMaps().withName("b").get();

    assertThat(server.requests()).extracting(ServedRequest::method, ServedRequest::path).containsSubsequence(
        org.assertj.core.groups.Tuple.tuple("POST", "/api/v1/namespaces/default/configmaps"),
        org.assertj.core.groups.Tuple.tuple("GET", "/api/v1/namespaces/default/configmaps/b"));
    assertThat(server.requests().stream().filter(ServedRequest::isWrite).count()).isEqualTo(1);

    server.clearRequests();
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void refusesNonsenseScripts() {
    assertThatThrownBy(() -> server.failNextWrites(0, 409, "x")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> server.failNextWrites(1, 200, "x")).isInstanceOf(IllegalArgumentException.class);
  }
}
