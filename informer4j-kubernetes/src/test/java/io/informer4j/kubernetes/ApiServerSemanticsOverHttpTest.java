package io.informer4j.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.informer4j.informer.EventHandler;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.TypeKey;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The library's paths that depend on what an API server does to objects, over HTTP against the test
 * server: a CRD a client creates is activated by the update that establishes it (the CRD watch), an
 * object with a finalizer reaches informers as an update carrying its deletionTimestamp and then as
 * a deletion, and the generation informers see moves with the spec only.
 */
class ApiServerSemanticsOverHttpTest {

  private static final Duration WAIT = Duration.ofSeconds(20);
  private final TestServerFixture fixture = new TestServerFixture();
  private final List<SharedIndexInformer<?>> informers = new CopyOnWriteArrayList<>();

  @AfterEach
  void tearDown() {
    informers.forEach(SharedIndexInformer::stop);
    fixture.close();
  }

  private <T extends io.fabric8.kubernetes.api.model.HasMetadata> SharedIndexInformer<T> started(
      Class<T> type, EventHandler<T> handler) {
    SharedIndexInformer<T> informer = Informers.builder(fixture.backend, fixture.backend.type(type)).build();
    informer.addEventHandler(handler);
    informers.add(informer);
    informer.start();
    assertThat(informer.synced()).succeedsWithin(WAIT);
    return informer;
  }

  @Test
  void aCrdCreatedByAClientIsActivatedByTheUpdateThatEstablishesIt() throws Exception {
    List<String> crdEvents = new CopyOnWriteArrayList<>();
    started(CustomResourceDefinition.class, new EventHandler<>() {
      @Override
      public void onAdd(CustomResourceDefinition crd, boolean inInitialList) {
        crdEvents.add("add established=" + established(crd));
      }

      @Override
      public void onUpdate(CustomResourceDefinition before, CustomResourceDefinition after) {
        crdEvents.add("update established=" + established(after));
      }
    });
    List<TypeKey> added = new CopyOnWriteArrayList<>();
    try (AutoCloseable watch = fixture.backend.discovery().onTypeAdded(added::add)) {
      fixture.client.resource(new CustomResourceDefinitionBuilder().withNewMetadata().withName("widgets.example.com")
          .endMetadata().withNewSpec().withGroup("example.com").withScope("Namespaced")
          .withNewNames().withKind("Widget").withPlural("widgets").endNames()
          .addNewVersion().withName("v1").withServed(true).withStorage(true).withNewSchema().withNewOpenAPIV3Schema()
          .withType("object").withXKubernetesPreserveUnknownFields(true).endOpenAPIV3Schema().endSchema().endVersion()
          .endSpec().build()).create();

      await().atMost(WAIT).untilAsserted(() -> assertThat(added).containsExactly(TestServerFixture.WIDGETS.type()));
    }
    assertThat(crdEvents).containsExactly("add established=false", "update established=false", "update established=true");

    fixture.client.genericKubernetesResources("example.com/v1", "Widget").inNamespace("shop")
        .resource(new GenericKubernetesResourceBuilder().withApiVersion("example.com/v1").withKind("Widget")
            .withNewMetadata().withName("w1").withNamespace("shop").endMetadata().build()).create();
    SharedIndexInformer<GenericKubernetesResource> widgets = Informers.builder(fixture.backend,
        fixture.backend.dynamic(TestServerFixture.WIDGETS.type())).build();
    informers.add(widgets);
    widgets.start();
    assertThat(widgets.synced()).succeedsWithin(WAIT);
    assertThat(widgets.indexer().list()).extracting(w -> w.getMetadata().getName()).containsExactly("w1");
  }

  private static boolean established(CustomResourceDefinition crd) {
    return crd.getStatus() != null && crd.getStatus().getConditions().stream()
        .anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  @Test
  void aFinalizedObjectIsUpdatedWithItsDeletionTimestampThenDeletedWhenItsFinalizerGoes() {
    List<String> events = new CopyOnWriteArrayList<>();
    SharedIndexInformer<ConfigMap> informer = started(ConfigMap.class, new EventHandler<>() {
      @Override
      public void onAdd(ConfigMap object, boolean inInitialList) {
        events.add("add " + state(object));
      }

      @Override
      public void onUpdate(ConfigMap before, ConfigMap after) {
        events.add("update " + state(after));
      }

      @Override
      public void onDelete(ConfigMap lastState, boolean finalStateUnknown) {
        events.add("delete " + state(lastState));
      }
    });
    var configMaps = fixture.client.configMaps().inNamespace("shop");
    configMaps.resource(new ConfigMapBuilder().withNewMetadata().withName("held").withNamespace("shop")
        .addToFinalizers("example.com/cleanup").endMetadata().build()).create();
    await().atMost(WAIT).until(() -> events.size() == 1);

    configMaps.withName("held").delete();
    await().atMost(WAIT).until(() -> events.size() == 2);
    assertThat(informer.indexer().list()).singleElement()
        .satisfies(c -> assertThat(c.getMetadata().getDeletionTimestamp()).isNotNull());

    configMaps.withName("held").edit(c -> new ConfigMapBuilder(c).editMetadata().withFinalizers().endMetadata().build());
    await().atMost(WAIT).untilAsserted(() -> assertThat(events).containsExactly("add deleting=false [example.com/cleanup]",
        "update deleting=true [example.com/cleanup]", "delete deleting=true [example.com/cleanup]"));
    assertThat(informer.indexer().list()).isEmpty();
  }

  private static String state(ConfigMap object) {
    return "deleting=" + (object.getMetadata().getDeletionTimestamp() != null) + " " + object.getMetadata().getFinalizers();
  }

  @Test
  void theGenerationInformersSeeMovesWithTheSpecOnly() {
    fixture.server.serve(Deployment.class);
    List<String> updates = new CopyOnWriteArrayList<>();
    started(Deployment.class, new EventHandler<>() {
      @Override
      public void onUpdate(Deployment before, Deployment after) {
        updates.add(before.getMetadata().getGeneration() + "->" + after.getMetadata().getGeneration());
      }
    });
    var deployments = fixture.client.apps().deployments().inNamespace("shop");
    deployments.resource(new DeploymentBuilder().withNewMetadata().withName("web").withNamespace("shop").endMetadata()
        .withNewSpec().withReplicas(1).withNewSelector().addToMatchLabels("app", "web").endSelector()
        .withNewTemplate().withNewMetadata().addToLabels("app", "web").endMetadata().withNewSpec().addNewContainer()
        .withName("web").withImage("nginx:1").endContainer().endSpec().endTemplate().endSpec().build()).create();

    deployments.withName("web").edit(d -> new DeploymentBuilder(d).editMetadata().addToLabels(Map.of("team", "a"))
        .endMetadata().build());
    deployments.withName("web").edit(d -> new DeploymentBuilder(d).editSpec().withReplicas(2).endSpec().build());
    deployments.withName("web").editStatus(d -> new DeploymentBuilder(d).withNewStatus().withObservedGeneration(2L)
        .withReplicas(2).endStatus().build());

    await().atMost(WAIT).untilAsserted(() -> assertThat(updates).containsExactly("1->1", "1->2", "2->2"));
  }
}
