package io.informer4j.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.InformerState;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The happy path against fabric8's mock API server in CRUD mode (which ignores resourceVersion and
 * paging and watches only over WebSocket): informers from this module follow creates, updates and
 * deletes in several namespaces, for a typed model and for a CRD-defined dynamic type.
 */
@EnableKubernetesMockClient(crud = true)
class MockServerHappyPathTest {

  static KubernetesClient client;

  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final TypeKey WIDGET = TypeKey.of("example.com", "v1", "Widget");
  private static final ResourceDefinitionContext WIDGETS = new ResourceDefinitionContext.Builder()
      .withGroup("example.com").withVersion("v1").withKind("Widget").withPlural("widgets").withNamespaced(true).build();

  private KubernetesBackend backend;
  private InformerRuntime runtime;

  @BeforeEach
  void setUp() {
    backend = KubernetesBackend.builder(client).watchTransport(WatchTransport.WEBSOCKET).watchList(false).build();
    runtime = InformerRuntime.create("mock-test");
  }

  @AfterEach
  void tearDown() {
    backend.close();
    runtime.close();
  }

  @Test
  void typedInformerFollowsWritesInSeveralNamespaces() {
    client.configMaps().inNamespace("shop").resource(configMap("shop", "cart", "1")).create();
    client.configMaps().inNamespace("bank").resource(configMap("bank", "ledger", "1")).create();
    SharedIndexInformer<ConfigMap> informer = SharedIndexInformer
        .builder(Informers.configMapSource(backend), backend.type(ConfigMap.class).adapter()).runtime(runtime).build();
    informer.start();
    try {
      assertThat(informer.synced()).succeedsWithin(WAIT);
      assertThat(cached(informer)).containsExactlyInAnyOrderEntriesOf(Map.of("bank/ledger", "1", "shop/cart", "1"));
      // the mock server ignores resourceVersion: a watch opened after a delete would never tell of it
      await().atMost(WAIT).until(() -> informer.state() == InformerState.WATCHING);

      client.configMaps().inNamespace("shop").resource(configMap("shop", "cart", "2")).update();
      client.configMaps().inNamespace("mail").resource(configMap("mail", "inbox", "1")).create();
      client.configMaps().inNamespace("bank").withName("ledger").delete();

      await().atMost(WAIT).untilAsserted(() ->
          assertThat(cached(informer)).containsExactlyInAnyOrderEntriesOf(Map.of("mail/inbox", "1", "shop/cart", "2")));
    } finally {
      informer.stop();
    }
  }

  @Test
  void dynamicInformerFollowsACustomResourceDefinedByACrd() {
    client.apiextensions().v1().customResourceDefinitions().resource(widgetCrd()).create();
    client.genericKubernetesResources(WIDGETS).inNamespace("shop").resource(widget("shop", "w1", "red")).create();
    ObjectType<GenericKubernetesResource> widgets =
        backend.register(new ResourceDescriptor(WIDGET, "widgets", Scope.NAMESPACED)).dynamic(WIDGET);
    SharedIndexInformer<GenericKubernetesResource> informer = SharedIndexInformer
        .builder(backend.listerWatcher(widgets), widgets.adapter()).runtime(runtime).build();
    informer.start();
    try {
      assertThat(informer.synced()).succeedsWithin(WAIT);
      assertThat(colors(informer)).containsExactlyInAnyOrderEntriesOf(Map.of("shop/w1", "red"));
      await().atMost(WAIT).until(() -> informer.state() == InformerState.WATCHING);

      client.genericKubernetesResources(WIDGETS).inNamespace("bank").resource(widget("bank", "w2", "blue")).create();
      client.genericKubernetesResources(WIDGETS).inNamespace("shop").resource(widget("shop", "w1", "green")).update();
      await().atMost(WAIT).untilAsserted(() ->
          assertThat(colors(informer)).containsExactlyInAnyOrderEntriesOf(Map.of("shop/w1", "green", "bank/w2", "blue")));

      client.genericKubernetesResources(WIDGETS).inNamespace("shop").withName("w1").delete();
      await().atMost(WAIT).untilAsserted(() ->
          assertThat(colors(informer)).containsExactlyInAnyOrderEntriesOf(Map.of("bank/w2", "blue")));
    } finally {
      informer.stop();
    }
  }

  private static Map<String, String> cached(SharedIndexInformer<ConfigMap> informer) {
    return informer.indexer().list().stream().collect(Collectors.toMap(
        cm -> cm.getMetadata().getNamespace() + "/" + cm.getMetadata().getName(), cm -> cm.getData().get("v"),
        (a, b) -> b, TreeMap::new));
  }

  private static Map<String, String> colors(SharedIndexInformer<GenericKubernetesResource> informer) {
    return informer.indexer().list().stream().collect(Collectors.toMap(
        w -> w.getMetadata().getNamespace() + "/" + w.getMetadata().getName(),
        w -> String.valueOf(((Map<?, ?>) w.getAdditionalProperties().get("spec")).get("color")), (a, b) -> b, TreeMap::new));
  }

  private static ConfigMap configMap(String namespace, String name, String value) {
    return new ConfigMapBuilder().withNewMetadata().withNamespace(namespace).withName(name).endMetadata()
        .addToData("v", value).build();
  }

  private static GenericKubernetesResource widget(String namespace, String name, String color) {
    return new GenericKubernetesResourceBuilder().withApiVersion("example.com/v1").withKind("Widget")
        .withNewMetadata().withNamespace(namespace).withName(name).endMetadata()
        .addToAdditionalProperties("spec", Map.of("color", color)).build();
  }

  private static CustomResourceDefinition widgetCrd() {
    return new CustomResourceDefinitionBuilder().withNewMetadata().withName("widgets.example.com").endMetadata()
        .withNewSpec().withGroup("example.com").withScope("Namespaced")
        .withNewNames().withKind("Widget").withPlural("widgets").withSingular("widget").endNames()
        .addNewVersion().withName("v1").withServed(true).withStorage(true).endVersion()
        .endSpec().build();
  }
}
