package io.informer4j.kubernetes;

import static io.informer4j.kubernetes.TestServerFixture.CONFIG_MAPS;
import static io.informer4j.kubernetes.TestServerFixture.WIDGETS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PartialObjectMetadata;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Selection;
import io.informer4j.source.TypeNotFoundException;
import io.informer4j.source.TypePresence;
import io.informer4j.testkit.SimObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.awaitility.Awaitility.await;

/**
 * Discovery, the CRD watch, the backend's typed, dynamic and metadata-only types and its type
 * registry, and the strip-managedFields transform, against the test server.
 */
class DiscoveryAndTypesTest {

  private static final Duration WAIT = Duration.ofSeconds(20);
  private final TestServerFixture fixture = new TestServerFixture();

  @AfterEach
  void tearDown() {
    fixture.close();
  }

  @Test
  void aMissingCrdIsAbsentUntilItsCreationIsSignalledThenPresentAndListable() throws Exception {
    ListerWatcher<GenericKubernetesResource> widgets = fixture.backend.listerWatcher(fixture.backend.dynamic(WIDGETS.type()));
    assertThat(fixture.backend.presence(WIDGETS.type()).kind()).isEqualTo(TypePresence.Kind.ABSENT);
    assertThatThrownBy(() -> widgets.list(ListRequest.of(Selection.all(), ""), item -> { }))
        .isInstanceOf(TypeNotFoundException.class).hasMessageContaining("Widget");

    List<TypeKey> added = new CopyOnWriteArrayList<>();
    try (AutoCloseable watch = fixture.backend.onTypeAdded(added::add)) {
      fixture.server.createCustomResourceDefinition(TestServerFixture.served(WIDGETS));
      await().atMost(WAIT).untilAsserted(() -> assertThat(added).containsExactly(WIDGETS.type()));
    }

    assertThat(fixture.backend.presence(WIDGETS.type())).isEqualTo(TypePresence.present(Scope.NAMESPACED));
    fixture.api.create(WIDGETS.type(), SimObject.of("shop", "w1").withContentAt("spec.color", "red"));
    List<GenericKubernetesResource> listed = new ArrayList<>();
    widgets.list(ListRequest.of(Selection.all(), ""), listed::add);
    assertThat(listed).singleElement().satisfies(w -> assertThat(w.get("spec", "color").toString()).isEqualTo("red"));
    assertThat(fixture.backend.discovery().known(WIDGETS.type())).contains(WIDGETS);
  }

  @Test
  void discoveryKnowsScopesAndPluralsOfServedTypes() {
    fixture.server.serve(Namespace.class);
    KubernetesTypeDiscovery discovery = fixture.backend.discovery();
    assertThat(discovery.presence(TypeKey.of("", "v1", "Namespace"))).isEqualTo(TypePresence.present(Scope.CLUSTER));
    assertThat(discovery.presence(TypeKey.of("", "v1", "Pod")).kind()).isEqualTo(TypePresence.Kind.ABSENT);
    assertThat(discovery.resolvePlural("", "v1", "configmaps")).isEqualTo(CONFIG_MAPS);
    assertThat(fixture.backend.types().scope(TypeKey.of("", "v1", "Namespace"))).contains(Scope.CLUSTER);
    assertThat(fixture.backend.types().typeOf(ConfigMap.class)).contains(CONFIG_MAPS.type());
  }

  @Test
  void theBackendServesModelsDynamicAndMetadataOnlyTypes() {
    KubernetesBackend backend = fixture.backend;
    fixture.api.create(CONFIG_MAPS.type(), SimObject.of("shop", "cart").withLabel("app", "web").withContentAt("data.k", "v"));

    ObjectType<ConfigMap> typed = backend.type(ConfigMap.class);
    ObjectType<GenericKubernetesResource> dynamic = backend.dynamic(CONFIG_MAPS.type());
    ObjectType<PartialObjectMetadata> partial = backend.metadataOnly(CONFIG_MAPS.type());
    assertThat(List.of(typed.key(), dynamic.key(), partial.key())).containsOnly(CONFIG_MAPS.type());
    assertThat(List.of(typed.representation(), dynamic.representation(), partial.representation()))
        .containsExactly("ConfigMap", "dynamic", "metadata");

    List<ConfigMap> maps = new ArrayList<>();
    backend.listerWatcher(typed).list(ListRequest.of(Selection.all(), ""), maps::add);
    assertThat(maps).singleElement().satisfies(cm -> assertThat(cm.getData()).containsEntry("k", "v"));
    List<GenericKubernetesResource> generic = new ArrayList<>();
    backend.listerWatcher(dynamic).list(ListRequest.of(Selection.all(), ""), generic::add);
    assertThat(generic).singleElement().satisfies(g -> assertThat(dynamic.adapter().key(g)).isEqualTo("shop/cart"));
    List<PartialObjectMetadata> metadata = new ArrayList<>();
    backend.listerWatcher(partial).list(ListRequest.of(Selection.all(), ""), metadata::add);
    assertThat(metadata).singleElement().satisfies(m -> {
      assertThat(partial.adapter().labels(m)).isEqualTo(Map.of("app", "web"));
      assertThat(fixture.client.getKubernetesSerialization().asJson(m)).doesNotContain("\"data\"");
    });

    ObjectType<ConfigMap> secretsAsConfigMaps =
        ObjectType.of(TypeKey.of("", "v1", "Secret"), ConfigMap.class, typed.adapter());
    assertThatThrownBy(() -> backend.listerWatcher(secretsAsConfigMaps))
        .isInstanceOf(UnknownTypeException.class).hasMessageContaining("ConfigMap");
    ObjectType<String> strings =
        ObjectType.of(CONFIG_MAPS.type(), String.class, ObjectAdapter.builder((String s) -> "", s -> s).build());
    assertThatThrownBy(() -> backend.listerWatcher(strings)).isInstanceOf(UnknownTypeException.class);
    assertThatThrownBy(() -> backend.type(GenericKubernetesResource.class)).isInstanceOf(UnknownTypeException.class)
        .hasMessageContaining("dynamic()");
  }

  @Test
  void stripManagedFieldsDropsThemBeforeCaching() {
    fixture.api.create(CONFIG_MAPS.type(), SimObject.of("shop", "cart").withContentAt("metadata",
        Map.of("managedFields", List.of(Map.of("manager", "kubectl", "operation", "Apply")))));
    List<ConfigMap> raw = new ArrayList<>();
    fixture.configMaps().list(ListRequest.of(Selection.all(), ""), raw::add);
    assertThat(raw.get(0).getMetadata().getManagedFields()).hasSize(1);

    var informer = Informers.configMaps(fixture.backend)
        .transform(KubernetesTransforms.stripManagedFields()).build();
    informer.start();
    try {
      assertThat(informer.synced()).succeedsWithin(WAIT);
      assertThat(informer.indexer().list()).singleElement().satisfies(cm -> assertThat(cm.getMetadata().getManagedFields()).isNull());
    } finally {
      informer.stop();
    }
  }

  @Test
  void theAdapterReadsMetadataFieldsAndDeepCopies() {
    ObjectAdapter<ConfigMap> adapter = fixture.backend.type(ConfigMap.class).adapter();
    ConfigMap map = new io.fabric8.kubernetes.api.model.ConfigMapBuilder().withNewMetadata().withNamespace("shop")
        .withName("cart").withResourceVersion("7").addToLabels("app", "web").endMetadata().addToData("k", "v").build();
    assertThat(adapter.key(map)).isEqualTo("shop/cart");
    assertThat(adapter.resourceVersion(map)).isEqualTo("7");
    assertThat(adapter.field(map, "metadata.name")).isEqualTo("cart");
    assertThat(adapter.field(map, "metadata.namespace")).isEqualTo("shop");
    ConfigMap copy = adapter.deepCopy(map);
    copy.getData().put("k", "changed");
    assertThat(map.getData()).containsEntry("k", "v");
    assertThat(adapter.name(new ConfigMap())).isNull();
    assertThat(adapter.labels(new ConfigMap())).isEmpty();
  }
}
