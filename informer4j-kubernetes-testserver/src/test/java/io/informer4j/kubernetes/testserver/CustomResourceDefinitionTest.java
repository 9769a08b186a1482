package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The CRD lifecycle as the apiextensions-apiserver runs it (sources in {@link CustomResourceDefinitions}). */
@EnableKubernetesTestServer(perTest = true)
class CustomResourceDefinitionTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final String CRD_PATH = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";

  KubernetesClient client;
  KubernetesTestServer server;

  private static String crd(String versions) {
    return """
        {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
         "metadata":{"name":"widgets.example.com"},
         "spec":{"group":"example.com","scope":"Namespaced",
                 "names":{"kind":"Widget","plural":"widgets"},"versions":%s}}""".formatted(versions);
  }

  private static final String ONE_VERSION = """
      [{"name":"v1","served":true,"storage":true,"subresources":{"status":{}},
        "schema":{"openAPIV3Schema":{"type":"object","properties":{
          "spec":{"type":"object","properties":{"color":{"type":"string"}}},
          "status":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}}}]""";

  private static ResourceDefinitionContext widgets(String version) {
    return new ResourceDefinitionContext.Builder().withGroup("example.com").withVersion(version).withKind("Widget")
        .withPlural("widgets").withNamespaced(true).build();
  }

  private static GenericKubernetesResource widget(String version, String name, Map<String, Object> spec) {
    return new GenericKubernetesResourceBuilder().withApiVersion("example.com/" + version).withKind("Widget")
        .withNewMetadata().withName(name).withNamespace("default").endMetadata()
        .withAdditionalProperties(Map.of("spec", spec)).build();
  }

  @Test
  void aCreatedCrdIsEstablishedByLaterUpdatesAndItsTypeServedBeforeThat() {
    List<String> events = new CopyOnWriteArrayList<>();
    try (Watch ignored = client.apiextensions().v1().customResourceDefinitions().watch(new Watcher<>() {
      @Override
      public void eventReceived(Action action, CustomResourceDefinition crd) {
        events.add(action + " " + crd.getStatus().getConditions().stream()
            .map(c -> c.getType() + "=" + c.getStatus()).toList());
      }

      @Override
      public void onClose(WatcherException cause) {
      }
    })) {
      assertThat(new RawHttp(server).post(CRD_PATH, crd(ONE_VERSION)).code()).isEqualTo(201);

      await().atMost(WAIT).untilAsserted(() -> assertThat(events).containsExactly("ADDED []",
          "MODIFIED [NamesAccepted=True, Established=False]", "MODIFIED [NamesAccepted=True, Established=True]"));
    }
    assertThat(client.genericKubernetesResources(widgets("v1")).inNamespace("default").list().getItems()).isEmpty();
  }

  @Test
  void unknownFieldsArePrunedWithAWarningOrRefusedWhenStrict() {
    new RawHttp(server).post(CRD_PATH, crd(ONE_VERSION));
    await().atMost(WAIT).until(() -> new RawHttp(server).get("/apis/example.com/v1").code() == 200);

    GenericKubernetesResource created = client.genericKubernetesResources(widgets("v1"))
        .resource(widget("v1", "w1", Map.of("color", "red", "colour", "blue"))).create();
    assertThat(created.getAdditionalProperties().get("spec")).isEqualTo(Map.of("color", "red"));

    RawHttp.Answer strict = new RawHttp(server).post("/apis/example.com/v1/namespaces/default/widgets?fieldValidation=Strict",
        "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"w2\"},\"spec\":{\"colour\":\"x\"}}");
    assertThat(strict.code()).isEqualTo(400);
    assertThat(strict.json()).containsEntry("message",
        "Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: unknown field \"spec.colour\"");
  }

  @Test
  void theStatusOfACustomResourceIsWrittenThroughItsSubresourceOnly() {
    server.createCustomResourceDefinition(ResourceType.of(io.informer4j.meta.TypeKey.of("example.com", "v1", "Widget"),
        "widgets", io.informer4j.meta.Scope.NAMESPACED).withStatusSubresource(true));
    var widgets = client.genericKubernetesResources(widgets("v1")).inNamespace("default");
    GenericKubernetesResource created = widgets.resource(widget("v1", "w", Map.of("color", "red"))).create();
    created.setAdditionalProperty("status", Map.of("phase", "Ready"));

    GenericKubernetesResource mainWrite = widgets.resource(created).update();
    assertThat(mainWrite.getAdditionalProperties()).doesNotContainKey("status");

    mainWrite.setAdditionalProperty("status", Map.of("phase", "Ready"));
    mainWrite.setAdditionalProperty("spec", Map.of("color", "blue"));
    GenericKubernetesResource statusWrite = widgets.resource(mainWrite).updateStatus();
    assertThat(statusWrite.getAdditionalProperties()).containsEntry("status", Map.of("phase", "Ready"))
        .containsEntry("spec", Map.of("color", "red"));
    assertThat(statusWrite.getMetadata().getGeneration()).isEqualTo(1L);
  }

  @Test
  void everyServedVersionServesTheStoredObjectsWithItsApiVersion() {
    new RawHttp(server).post(CRD_PATH, crd("""
        [{"name":"v1beta1","served":true,"storage":false},
         {"name":"v1","served":true,"storage":true},
         {"name":"v1alpha1","served":false,"storage":false}]"""));
    await().atMost(WAIT).until(() -> new RawHttp(server).get("/apis/example.com").code() == 200);

    client.genericKubernetesResources(widgets("v1beta1")).resource(widget("v1beta1", "w", Map.of("color", "red"))).create();

    GenericKubernetesResource asV1 = client.genericKubernetesResources(widgets("v1")).inNamespace("default").withName("w").get();
    assertThat(asV1.getApiVersion()).isEqualTo("example.com/v1");
    assertThat(client.genericKubernetesResources(widgets("v1beta1")).inNamespace("default").list().getItems())
        .extracting(GenericKubernetesResource::getApiVersion).containsExactly("example.com/v1beta1");
    // The apiextensions-apiserver prefers the highest version by Kubernetes version priority, served only.
    assertThat(new RawHttp(server).get("/apis/example.com").json().get("preferredVersion"))
        .isEqualTo(Map.of("groupVersion", "example.com/v1", "version", "v1"));
    assertThat(new RawHttp(server).get("/apis/example.com/v1alpha1").code()).isEqualTo(404);
  }

  @Test
  void deletingACrdDeletesItsObjectsThenTheCrd() {
    server.createCustomResourceDefinition(ResourceType.of(io.informer4j.meta.TypeKey.of("example.com", "v1", "Widget"),
        "widgets", io.informer4j.meta.Scope.NAMESPACED));
    client.genericKubernetesResources(widgets("v1")).resource(widget("v1", "w", Map.of())).create();
    List<String> events = new CopyOnWriteArrayList<>();
    try (Watch ignored = client.genericKubernetesResources(widgets("v1")).inNamespace("default").watch(new Watcher<>() {
      @Override
      public void eventReceived(Action action, GenericKubernetesResource widget) {
        events.add(action + " " + widget.getMetadata().getName());
      }

      @Override
      public void onClose(WatcherException cause) {
      }
    })) {
      RawHttp.Answer deleting = new RawHttp(server).send("DELETE", CRD_PATH + "/widgets.example.com", null, null, null);

      assertThat(deleting.code()).isEqualTo(200);
      assertThat(((Map<?, ?>) deleting.json().get("metadata")).get("finalizers"))
          .isEqualTo(List.of("customresourcecleanup.apiextensions.k8s.io"));
      await().atMost(WAIT).untilAsserted(() -> assertThat(events).containsExactly("ADDED w", "DELETED w"));
      await().atMost(WAIT).until(() -> client.apiextensions().v1().customResourceDefinitions().list().getItems().isEmpty());
      assertThat(new RawHttp(server).get("/apis/example.com/v1/namespaces/default/widgets").code()).isEqualTo(404);
    }
  }
}
