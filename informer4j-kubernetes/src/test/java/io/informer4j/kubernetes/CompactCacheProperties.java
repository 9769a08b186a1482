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
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The cache keeps objects compact by default and loses nothing: for random typed objects
 * (ConfigMaps, Secrets, Pods) and dynamic ones (a custom resource with a random content tree) written
 * through the Kubernetes test server, what the cache reader returns equals what the server stored,
 * field for field and in JSON, after a create and after an update; the reader's objects are ordinary
 * modifiable ones, and changing them never changes the cache, whose own instances are compact
 * (read-only) and refuse changes.
 */
class CompactCacheProperties {

  private static final KubernetesSerialization JSON = new KubernetesSerialization();
  private static final Duration SEEN = Duration.ofSeconds(10);
  private static final AtomicInteger NAMES = new AtomicInteger();

  private static SimulatedApi api;
  private static KubernetesTestServer server;
  private static KubernetesClient client;
  private static KubernetesBackend backend;
  private static InformersMap map;

  @BeforeContainer
  static void startServerAndCache() throws InterruptedException {
    api = SimulatedApi.builder().build();
    server = KubernetesTestServer.start(api).serve(ConfigMap.class, Secret.class, Pod.class);
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

  @AfterContainer
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

  @Property(tries = 25)
  void configMapsReadBackWhole(@ForAll("configMaps") ConfigMap written, @ForAll("strings") String changedValue) {
    ConfigMap updated = new ConfigMapBuilder(written).editMetadata().addToAnnotations("changed", changedValue)
        .endMetadata().build();
    roundTrip(backend.type(ConfigMap.class), written, updated, cached -> cached.getMetadata().getManagedFields().add(null));
  }

  @Property(tries = 25)
  void secretsReadBackWhole(@ForAll("secrets") Secret written, @ForAll("labels") Map<String, String> labels) {
    Secret updated = new SecretBuilder(written).editMetadata().withLabels(labels).endMetadata().build();
    roundTrip(backend.type(Secret.class), written, updated, cached -> cached.getMetadata().getManagedFields().clear());
  }

  @Property(tries = 25)
  void podsReadBackWhole(@ForAll("pods") Pod written, @ForAll("strings") String note) {
    Pod updated = new PodBuilder(written).editMetadata().addToAnnotations("note", note).endMetadata().build();
    roundTrip(backend.type(Pod.class), written, updated, cached -> cached.getMetadata().getManagedFields().remove(0));
  }

  @Property(tries = 25)
  void customResourcesReadBackWhole(@ForAll("widgets") GenericKubernetesResource written,
                                    @ForAll("trees") Map<String, Object> newSpec) {
    GenericKubernetesResource updated = JSON.clone(written);
    updated.setAdditionalProperty("spec", newSpec);
    roundTrip(widgetType(), written, updated, cached -> cached.getAdditionalProperties().put("x", "y"));
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

  @Provide
  Arbitrary<String> strings() {
    return Arbitraries.strings().ofMaxLength(40);
  }

  @Provide
  Arbitrary<Map<String, String>> labels() {
    Arbitrary<String> keys = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(8);
    Arbitrary<String> values = Arbitraries.strings().withCharRange('a', 'z').numeric().ofMaxLength(10);
    return Arbitraries.maps(keys, values).ofMaxSize(5);
  }

  private Arbitrary<Map<String, String>> anyText() {
    Arbitrary<String> keys = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(10);
    return Arbitraries.maps(keys, strings()).ofMaxSize(6);
  }

  private Arbitrary<ObjectMetaBuilder> metadata(String prefix) {
    Arbitrary<List<String>> finalizers = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(6)
        .map(name -> "example.com/" + name).list().uniqueElements().ofMaxSize(3);
    Arbitrary<Integer> owners = Arbitraries.integers().between(0, 2);
    Arbitrary<Map<String, Object>> fieldSets = trees();
    return Combinators.combine(Arbitraries.of("shop", "till"), labels(), anyText(), finalizers, owners, fieldSets)
        .as((namespace, labels, annotations, finalizerNames, ownerCount, fieldSet) -> {
          ObjectMetaBuilder metadata = new ObjectMetaBuilder().withName(nextName(prefix)).withNamespace(namespace)
              .withLabels(labels).withAnnotations(annotations).withFinalizers(finalizerNames)
              .withManagedFields(new ManagedFieldsEntryBuilder().withManager("kubectl").withOperation("Apply")
                  .withApiVersion("v1").withTime("2026-01-01T00:00:00Z").withFieldsType("FieldsV1")
                  .withFieldsV1(fieldsV1(fieldSet)).build());
          for (int i = 0; i < ownerCount; i++) {
            metadata.addToOwnerReferences(new OwnerReferenceBuilder().withApiVersion("apps/v1").withKind("Deployment")
                .withName("owner-" + i).withUid("uid-" + i).withController(i == 0).build());
          }
          return metadata;
        });
  }

  private static FieldsV1 fieldsV1(Map<String, Object> content) {
    FieldsV1 fields = new FieldsV1();
    content.forEach(fields::setAdditionalProperty);
    return fields;
  }

  @Provide
  Arbitrary<ConfigMap> configMaps() {
    Arbitrary<Map<String, String>> binary = Arbitraries.maps(
        Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(6),
        Arbitraries.bytes().array(byte[].class).ofMaxSize(64).map(Base64.getEncoder()::encodeToString)).ofMaxSize(3);
    return Combinators.combine(metadata("cm"), anyText(), binary, Arbitraries.of(true, false))
        .as((metadata, data, binaryData, immutable) -> new ConfigMapBuilder().withMetadata(metadata.build())
            .withData(data).withBinaryData(binaryData).withImmutable(immutable ? Boolean.TRUE : null).build());
  }

  @Provide
  Arbitrary<Secret> secrets() {
    Arbitrary<Map<String, String>> data = Arbitraries.maps(
        Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(6),
        Arbitraries.bytes().array(byte[].class).ofMaxSize(64).map(Base64.getEncoder()::encodeToString)).ofMaxSize(4);
    return Combinators.combine(metadata("secret"), data, Arbitraries.of("Opaque", "kubernetes.io/tls"))
        .as((metadata, values, kind) -> new SecretBuilder().withMetadata(metadata.build()).withType(kind)
            .withData(values).build());
  }

  @Provide
  Arbitrary<Pod> pods() {
    Arbitrary<List<String>> args = strings().list().ofMaxSize(4);
    Arbitrary<Integer> ports = Arbitraries.integers().between(1, 65535);
    return Combinators.combine(metadata("pod"), args, ports, labels())
        .as((metadata, commandArgs, port, nodeSelector) -> new PodBuilder().withMetadata(metadata.build())
            .withNewSpec().withNodeSelector(nodeSelector)
            .withContainers(new ContainerBuilder().withName("app").withImage("example/app:1").withArgs(commandArgs)
                .addNewPort().withContainerPort(port).endPort()
                .addNewEnv().withName("MODE").withValue(commandArgs.isEmpty() ? "plain" : commandArgs.get(0)).endEnv()
                .build())
            .endSpec().build());
  }

  @Provide
  Arbitrary<GenericKubernetesResource> widgets() {
    return Combinators.combine(metadata("widget"), trees()).as((metadata, spec) -> {
      GenericKubernetesResource widget = new GenericKubernetesResource();
      widget.setApiVersion("example.com/v1");
      widget.setKind("Widget");
      widget.setMetadata(metadata.build());
      widget.setAdditionalProperty("spec", spec);
      return widget;
    });
  }

  /** JSON object trees: strings, integers, booleans, lists and nested objects, up to three levels. */
  @Provide
  Arbitrary<Map<String, Object>> trees() {
    return tree(3);
  }

  private Arbitrary<Map<String, Object>> tree(int depth) {
    Arbitrary<String> keys = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(6);
    List<Arbitrary<?>> leaves = new ArrayList<>(List.of(strings(), Arbitraries.integers(), Arbitraries.of(true, false)));
    if (depth > 1) {
      leaves.add(tree(depth - 1));
      leaves.add(strings().list().ofMaxSize(3));
    }
    @SuppressWarnings("unchecked")
    Arbitrary<Object> values = (Arbitrary<Object>) Arbitraries.oneOf((List) leaves);
    return Arbitraries.maps(keys, values).ofMaxSize(4);
  }
}
