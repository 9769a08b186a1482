package io.informer4j.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.FieldsV1;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntryBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.meta.CompactCollections;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.GetOptions;
import io.informer4j.reader.InformerSpec;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.NotFoundException;
import io.informer4j.testkit.SimulatedApi;
import io.informer4j.testsupport.await.AwaitilityDefaults;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import io.informer4j.testsupport.property.Generator;
import io.informer4j.testsupport.property.Generators;
import io.informer4j.testsupport.property.PropertyCheck;
import java.util.LinkedHashSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The cache keeps objects compact by default and loses nothing: for random typed objects
 * (ConfigMaps, Secrets, Pods) and dynamic ones (a custom resource with a random content tree) written
 * through the Kubernetes test server, what the cache reader returns equals what the server stored,
 * field for field and in JSON, after a create and after an update; the reader's objects are ordinary
 * modifiable ones, and changing them never changes the cache, whose own instances are compact
 * (read-only) and refuse changes.
 */
@ExtendWith(AwaitilityDefaults.class)
class CompactCacheProperties {

  private static final KubernetesSerialization JSON = new KubernetesSerialization();
  private static final Duration SEEN = Duration.ofSeconds(60);
  /** Each try writes through a server: a failure is shrunk in at most this many more tries. */
  private static final int SHRINK_RUNS = 100;
  private static final AtomicInteger NAMES = new AtomicInteger();

  private static SimulatedApi api;
  private static KubernetesTestServer server;
  private static KubernetesClient client;
  private static KubernetesBackend backend;
  private static InformersMap map;

  @BeforeAll
  static void startServerAndCache() throws InterruptedException {
    api = SimulatedApi.builder().build();
    server = KubernetesTestServer.start(api).serve(ConfigMap.class, Secret.class, Pod.class)
        .createNamespaces("shop", "till");
    server.createCustomResourceDefinition(TestServerFixture.served(TestServerFixture.WIDGETS));
    client = server.newClient();
    backend = KubernetesBackend.using(client);
    backend.register(TestServerFixture.WIDGETS);
    map = InformersMap.builder(backend).build();
    for (ObjectType<?> type : List.of(backend.type(ConfigMap.class), backend.type(Secret.class),
        backend.type(Pod.class), widgetType())) {
      map.register(type, InformerSpec.all(), SEEN);
    }
    map.start();
    assertThat(map.waitForCacheSync(SEEN)).isTrue();
  }

  @AfterAll
  static void stopAll() {
    map.close();
    server.close();
    backend.close();
    client.close();
    api.close();
  }

  private static ObjectType<GenericKubernetesResource> widgetType() {
    return backend.dynamic(TestServerFixture.WIDGETS.type());
  }

  /** An object to create, and a change to update it with. */
  record Change<T, C>(T written, C change) {
  }

  private static <T, C> PropertyCheck<Change<T, C>> changes(Generator<T> objects, Generator<C> changes) {
    return PropertyCheck.forAll(choices -> new Change<>(choices.draw(objects), choices.draw(changes))).tries(25)
        .shrinkRuns(SHRINK_RUNS);
  }

  @Test
  void configMapsReadBackWhole() {
    changes(configMaps(), strings()).check(change -> {
      ConfigMap updated = new ConfigMapBuilder(change.written()).editMetadata().addToAnnotations("changed", change.change())
          .endMetadata().build();
      roundTrip(backend.type(ConfigMap.class), change.written(), updated,
          cached -> cached.getMetadata().getManagedFields().add(null));
    });
  }

  @Test
  void secretsReadBackWhole() {
    changes(secrets(), labels()).check(change -> {
      Secret updated = new SecretBuilder(change.written()).editMetadata().withLabels(change.change()).endMetadata().build();
      roundTrip(backend.type(Secret.class), change.written(), updated, cached -> cached.getMetadata().getManagedFields().clear());
    });
  }

  @Test
  void podsReadBackWhole() {
    changes(pods(), strings()).check(change -> {
      Pod updated = new PodBuilder(change.written()).editMetadata().addToAnnotations("note", change.change()).endMetadata()
          .build();
      roundTrip(backend.type(Pod.class), change.written(), updated, cached -> cached.getMetadata().getManagedFields().remove(0));
    });
  }

  @Test
  void customResourcesReadBackWhole() {
    changes(widgets(), tree(3)).check(change -> {
      GenericKubernetesResource updated = JSON.clone(change.written());
      updated.setAdditionalProperty("spec", change.change());
      roundTrip(widgetType(), change.written(), updated, cached -> cached.getAdditionalProperties().put("x", "y"));
    });
  }

  /**
   * Creates {@code written}, checks what the reader returns, updates it to {@code updated}, checks
   * again; {@code changeCached} tries to change the cache's own instance.
   */
  private static <T extends HasMetadata> void roundTrip(ObjectType<T> type, T written, T updated,
                                                        Consumer<T> changeCached) {
    T created = client.resource(written).create();
    readsBackAsStored(type, created, changeCached);
    updated.getMetadata().setResourceVersion(created.getMetadata().getResourceVersion());
    T replaced = client.resource(updated).update();
    readsBackAsStored(type, replaced, changeCached);
    client.resource(replaced).delete();
  }

  private static <T extends HasMetadata> void readsBackAsStored(ObjectType<T> type, T stored,
                                                                Consumer<T> changeCached) {
    CacheReader<T> reader = map.reader(type);
    ObjectKey key = ObjectKey.of(stored.getMetadata().getNamespace(), stored.getMetadata().getName());
    String version = stored.getMetadata().getResourceVersion();
    await().atMost(SEEN).ignoreException(NotFoundException.class)
        .until(() -> version.equals(reader.get(key).getMetadata().getResourceVersion()));

    T read = reader.get(key);
    assertThat(read).isEqualTo(stored);
    assertThat(JSON.asJson(read)).isEqualTo(JSON.asJson(stored));

    read.getMetadata().setName("changed");
    read.getMetadata().setLabels(new LinkedHashMap<>(Map.of("changed", "yes")));
    read.getMetadata().getLabels().put("more", "changes");
    read.getMetadata().setAnnotations(null);
    assertThat(reader.get(key)).isEqualTo(stored);

    T cached = reader.get(key, GetOptions.withoutDeepCopy());
    assertThat(cached).isEqualTo(stored);
    Map<String, String> labels = cached.getMetadata().getLabels();
    if (labels != null && !labels.isEmpty()) {
      assertThat(CompactCollections.isReadOnly(labels)).as("the cache keeps compact labels").isTrue();
    }
    assertThatThrownBy(() -> changeCached.accept(cached)).isInstanceOf(UnsupportedOperationException.class);
    assertThat(reader.get(key)).isEqualTo(stored);
  }

  private static String nextName(String prefix) {
    return prefix + "-" + NAMES.incrementAndGet();
  }

  private static Generator<String> strings() {
    return Generators.strings(40);
  }

  private static Generator<String> lowercase(int minLength, int maxLength) {
    return Generators.strings(Generators.codePoints('a', 'z'), minLength, maxLength);
  }

  private static Generator<Map<String, String>> labels() {
    Generator<String> values = Generators.strings(Generators.codePointsOf("abcdefghijklmnopqrstuvwxyz0123456789"), 0, 10);
    return Generators.maps(lowercase(1, 8), values, 0, 5);
  }

  private static Generator<Map<String, String>> anyText() {
    return Generators.maps(lowercase(1, 10), strings(), 0, 6);
  }

  /** Keys start with {@code keyPrefix}: a ConfigMap's binaryData keys must differ from its data keys. */
  private static Generator<Map<String, String>> base64Values(String keyPrefix, int maxSize) {
    return Generators.maps(lowercase(1, 6).map(key -> keyPrefix + key), Generators.bytes(0, 64).map(Base64.getEncoder()::encodeToString), 0, maxSize);
  }

  private static Generator<ObjectMetaBuilder> metadata(String prefix) {
    Generator<List<String>> finalizers = lowercase(1, 6).map(name -> "example.com/" + name).list(0, 3)
        .map(names -> List.copyOf(new LinkedHashSet<>(names)));
    return choices -> {
      ObjectMetaBuilder metadata = new ObjectMetaBuilder().withName(nextName(prefix))
          .withNamespace(choices.draw(Generators.elements("shop", "till")))
          .withLabels(choices.draw(labels())).withAnnotations(choices.draw(anyText()))
          .withFinalizers(choices.draw(finalizers))
          .withManagedFields(new ManagedFieldsEntryBuilder().withManager("kubectl").withOperation("Apply")
              .withApiVersion("v1").withTime("2026-01-01T00:00:00Z").withFieldsType("FieldsV1")
              .withFieldsV1(fieldsV1(choices.draw(tree(3)))).build());
      int owners = choices.draw(Generators.integers(0, 2));
      for (int i = 0; i < owners; i++) {
        metadata.addToOwnerReferences(new OwnerReferenceBuilder().withApiVersion("apps/v1").withKind("Deployment")
            .withName("owner-" + i).withUid("uid-" + i).withController(i == 0).build());
      }
      return metadata;
    };
  }

  private static FieldsV1 fieldsV1(Map<String, Object> content) {
    FieldsV1 fields = new FieldsV1();
    content.forEach(fields::setAdditionalProperty);
    return fields;
  }

  private static Generator<ConfigMap> configMaps() {
    return choices -> new ConfigMapBuilder().withMetadata(choices.draw(metadata("cm")).build())
        .withData(choices.draw(anyText())).withBinaryData(choices.draw(base64Values("binary.", 3)))
        .withImmutable(choices.draw(Generators.booleans()) ? Boolean.TRUE : null).build();
  }

  private static Generator<Secret> secrets() {
    return choices -> new SecretBuilder().withMetadata(choices.draw(metadata("secret")).build())
        .withData(choices.draw(base64Values("", 4))).withType(choices.draw(Generators.elements("Opaque", "kubernetes.io/tls")))
        .build();
  }

  private static Generator<Pod> pods() {
    return choices -> {
      ObjectMetaBuilder metadata = choices.draw(metadata("pod"));
      List<String> commandArgs = choices.draw(strings().list(0, 4));
      int port = choices.draw(Generators.integers(1, 65535));
      Map<String, String> nodeSelector = choices.draw(labels());
      return new PodBuilder().withMetadata(metadata.build())
          .withNewSpec().withNodeSelector(nodeSelector)
          .withContainers(new ContainerBuilder().withName("app").withImage("example/app:1").withArgs(commandArgs)
              .addNewPort().withContainerPort(port).endPort()
              .addNewEnv().withName("MODE").withValue(commandArgs.isEmpty() ? "plain" : commandArgs.get(0)).endEnv()
              .build())
          .endSpec().build();
    };
  }

  private static Generator<GenericKubernetesResource> widgets() {
    return choices -> {
      GenericKubernetesResource widget = new GenericKubernetesResource();
      widget.setApiVersion("example.com/v1");
      widget.setKind("Widget");
      widget.setMetadata(choices.draw(metadata("widget")).build());
      widget.setAdditionalProperty("spec", choices.draw(tree(3)));
      return widget;
    };
  }

  /** JSON object trees: strings, integers, booleans, lists and nested objects, up to {@code depth} levels. */
  private static Generator<Map<String, Object>> tree(int depth) {
    List<Generator<?>> leaves = new ArrayList<>(List.of(strings(), Generators.integers(), Generators.booleans()));
    if (depth > 1) {
      leaves.add(tree(depth - 1));
      leaves.add(strings().list(0, 3));
    }
    Generator<Object> values = Generators.oneOf(leaves);
    return Generators.maps(lowercase(1, 6), values, 0, 4);
  }
}
