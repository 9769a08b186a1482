package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * What the server does to the objects clients write, as the API server does (sources in
 * {@link ObjectRules} and {@link ObjectWrites}), over fabric8 and plain HTTP.
 */
@EnableKubernetesTestServer(serve = {ConfigMap.class, Deployment.class}, perTest = true)
class ObjectLifecycleTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  KubernetesClient client;
  KubernetesTestServer server;

  private static Deployment deployment(String name, String image) {
    return new DeploymentBuilder().withNewMetadata().withName(name).endMetadata()
        .withNewSpec().withReplicas(1).withNewSelector().addToMatchLabels("app", name).endSelector()
        .withNewTemplate().withNewMetadata().addToLabels("app", name).endMetadata()
        .withNewSpec().addNewContainer().withName("main").withImage(image).endContainer().endSpec().endTemplate()
        .endSpec().build();
  }

  @Test
  void theServerSetsIdentityAndBumpsTheGenerationOnSpecChangesOnly() {
    Deployment created = client.resource(deployment("web", "nginx:1")).create();
    assertThat(created.getMetadata().getUid()).matches("[0-9a-f-]{36}");
    assertThat(created.getMetadata().getCreationTimestamp()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
    assertThat(created.getMetadata().getGeneration()).isEqualTo(1L);

    Deployment labelled = client.apps().deployments().withName("web").edit(d -> new DeploymentBuilder(d)
        .editMetadata().addToLabels("team", "a").endMetadata().build());
    assertThat(labelled.getMetadata().getGeneration()).isEqualTo(1L);

    Deployment scaled = client.apps().deployments().withName("web").edit(d -> new DeploymentBuilder(d)
        .editSpec().withReplicas(3).endSpec().editMetadata().withCreationTimestamp("2000-01-01T00:00:00Z").endMetadata()
        .build());
    assertThat(scaled.getMetadata().getGeneration()).isEqualTo(2L);
    assertThat(scaled.getMetadata().getCreationTimestamp()).isEqualTo(created.getMetadata().getCreationTimestamp());
    assertThat(scaled.getMetadata().getUid()).isEqualTo(created.getMetadata().getUid());
  }

  @Test
  void theStatusSubresourceAndTheMainResourceEachIgnoreTheOther() {
    client.resource(deployment("web", "nginx:1")).create();

    Deployment withStatus = client.apps().deployments().withName("web").editStatus(d -> new DeploymentBuilder(d)
        .withNewStatus().withReplicas(1).withObservedGeneration(1L).endStatus()
        .editSpec().withReplicas(9).endSpec().build());
    assertThat(withStatus.getStatus().getReplicas()).isEqualTo(1);
    assertThat(withStatus.getSpec().getReplicas()).isEqualTo(1);
    assertThat(withStatus.getMetadata().getGeneration()).isEqualTo(1L);

    Deployment mainWrite = client.apps().deployments().withName("web").edit(d -> new DeploymentBuilder(d)
        .editStatus().withReplicas(7).endStatus().build());
    assertThat(mainWrite.getStatus().getReplicas()).isEqualTo(1);
  }

  @Test
  void aConfigMapHasNoGenerationAsItsRegistryStrategySetsNone() {
    ConfigMap created = client.resource(new ConfigMapBuilder().withNewMetadata().withName("c").endMetadata()
        .addToData("k", "1").build()).create();
    ConfigMap relabelled = client.configMaps().withName("c").edit(c -> new ConfigMapBuilder(c)
        .editMetadata().addToLabels("a", "b").endMetadata().build());
    ConfigMap changed = client.configMaps().withName("c").edit(c -> new ConfigMapBuilder(c).addToData("k", "2").build());

    // kubernetes/pkg/registry/core/configmap/strategy.go: PrepareForCreate and PrepareForUpdate set no generation.
    assertThat(List.of(created, relabelled, changed)).extracting(c -> c.getMetadata().getGeneration())
        .containsOnlyNulls();
  }

  @Test
  void anObjectWithFinalizersIsModifiedThenDeletedWhenTheLastFinalizerGoes() {
    List<String> events = new CopyOnWriteArrayList<>();
    try (Watch ignored = client.configMaps().watch(new Watcher<>() {
      @Override
      public void eventReceived(Action action, ConfigMap object) {
        events.add(action + " " + (object.getMetadata().getDeletionTimestamp() != null) + " "
            + object.getMetadata().getFinalizers());
      }

      @Override
      public void onClose(WatcherException cause) {
      }
    })) {
      client.resource(new ConfigMapBuilder().withNewMetadata().withName("held").addToFinalizers("example.com/hold")
          .endMetadata().build()).create();
      RawHttp http = new RawHttp(server);

      RawHttp.Answer deleting = http.send("DELETE", "/api/v1/namespaces/default/configmaps/held", null, null, null);
      assertThat(deleting.code()).isEqualTo(200);
      assertThat(deleting.json()).containsEntry("kind", "ConfigMap");
      assertThatThrownBy(() -> client.configMaps().withName("held").edit(c -> new ConfigMapBuilder(c)
          .editMetadata().addToFinalizers("example.com/more").endMetadata().build()))
          .isInstanceOf(KubernetesClientException.class).hasMessageContaining("no new finalizers can be added if the object is being deleted");

      client.configMaps().withName("held").edit(c -> new ConfigMapBuilder(c).editMetadata().withFinalizers().endMetadata().build());

      await().atMost(WAIT).untilAsserted(() -> assertThat(events).containsExactly(
          "ADDED false [example.com/hold]", "MODIFIED true [example.com/hold]", "DELETED true [example.com/hold]"));
    }
  }

  @Test
  void aDeletionIsAnsweredWithAStatusNamingTheResource() {
    ConfigMap created = client.resource(new ConfigMapBuilder().withNewMetadata().withName("gone").endMetadata().build()).create();

    RawHttp.Answer answer = new RawHttp(server).send("DELETE", "/api/v1/namespaces/default/configmaps/gone", null, null, null);

    assertThat(answer.code()).isEqualTo(200);
    assertThat(answer.json()).containsEntry("kind", "Status").containsEntry("status", "Success")
        .containsEntry("details", Map.of("name", "gone", "kind", "configmaps", "uid", created.getMetadata().getUid()));
  }

  @Test
  void theNamespaceOfTheUrlMustMatchTheBodys() {
    RawHttp.Answer answer = new RawHttp(server).post("/api/v1/namespaces/default/configmaps",
        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"x\",\"namespace\":\"other\"}}");

    assertThat(answer.code()).isEqualTo(400);
    assertThat(answer.json()).containsEntry("reason", "BadRequest")
        .containsEntry("message", "the namespace of the provided object does not match the namespace sent on the request");
  }

  @Test
  void aGeneratedNameIsThePrefixAndFiveCharacters() {
    ConfigMap created = client.resource(new ConfigMapBuilder().withNewMetadata().withGenerateName("job-").endMetadata()
        .build()).create();

    assertThat(created.getMetadata().getName()).matches("job-[bcdfghjklmnpqrstvwxz2456789]{5}");
  }

  @Test
  void aListAskingForInitialEventsIsInvalid() {
    RawHttp.Answer answer = new RawHttp(server).get("/api/v1/namespaces/default/configmaps?sendInitialEvents=true");

    assertThat(answer.code()).isEqualTo(422);
    assertThat(answer.json()).containsEntry("message",
        "ListOptions.meta.k8s.io \"\" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list");
  }

  @Test
  void protobufIsReadForKubectlsGeneratorsOnlyAndNeverAnswered() {
    RawHttp http = new RawHttp(server);

    assertThat(http.send("POST", "/apis/events.k8s.io/v1/namespaces/default/events", "application/vnd.kubernetes.protobuf",
        "k8s\0", null).code()).isEqualTo(415);
    assertThat(http.send("POST", "/api/v1/namespaces/default/configmaps", "application/vnd.kubernetes.protobuf",
        "not protobuf", null).code()).isEqualTo(400);
    assertThat(http.send("GET", "/api/v1/namespaces/default/configmaps", null, null,
        "application/vnd.kubernetes.protobuf").code()).isEqualTo(406);
    RawHttp.Answer fallback = http.send("GET", "/api/v1/namespaces/default/configmaps", null, null,
        "application/vnd.kubernetes.protobuf, application/json");
    assertThat(fallback.code()).isEqualTo(200);
    assertThat(fallback.contentType()).isEqualTo("application/json");
  }

  @Test
  void writesRecordManagedFields() {
    ConfigMap created = client.resource(new ConfigMapBuilder().withNewMetadata().withName("m").endMetadata()
        .addToData("k", "v").build()).create();

    assertThat(created.getMetadata().getManagedFields()).singleElement().satisfies(entry -> {
      assertThat(entry.getOperation()).isEqualTo("Update");
      assertThat(entry.getFieldsType()).isEqualTo("FieldsV1");
      assertThat(entry.getFieldsV1().getAdditionalProperties()).containsKey("f:data");
    });
  }
}
