package io.informer4j.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.FieldsV1;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The compact form of Kubernetes objects ({@link HasMetadataAdapter#compact}) on objects decoded from JSON. */
class CompactObjectsTest {

  private static final KubernetesSerialization JSON = new KubernetesSerialization();

  private static String configMapJson(String name, String firstKey) {
    return """
        {"apiVersion":"v1","kind":"ConfigMap",
         "metadata":{"name":"%s","namespace":"shop","uid":"u-%s","resourceVersion":"7",
           "creationTimestamp":"2026-01-01T00:00:00Z",
           "labels":{"app":"web","tier":"front"},"annotations":{"note":"n"},
           "finalizers":["example.com/keep"],
           "ownerReferences":[{"apiVersion":"apps/v1","kind":"Deployment","name":"d","uid":"u1"}],
           "managedFields":[{"manager":"kubectl","operation":"Apply","apiVersion":"v1",
             "time":"2026-01-01T00:00:00Z","fieldsType":"FieldsV1",
             "fieldsV1":{"f:data":{"f:%s":{},"f:b":{}},"f:metadata":{"f:labels":{"f:app":{}}}}}]},
         "data":{"%s":"1","b":"2","c":"3"}}
        """.formatted(name, name, firstKey, firstKey);
  }

  private static ConfigMap decode(String name, String firstKey) {
    return JSON.unmarshal(configMapJson(name, firstKey), ConfigMap.class);
  }

  private static <T extends HasMetadata> T compact(T object) {
    return new HasMetadataAdapter<T>(JSON).compact(object);
  }

  @Test
  void keepsEveryFieldTheEqualityAndTheJsonWithItsKeyOrder() {
    ConfigMap decoded = decode("cart", "a");
    String before = JSON.asJson(decoded);
    ConfigMap copy = new ConfigMapBuilder(decoded).build();

    ConfigMap compacted = compact(decoded);

    assertThat(compacted).isSameAs(decoded).isEqualTo(copy);
    assertThat(copy).isEqualTo(compacted);
    assertThat(JSON.asJson(compacted)).isEqualTo(before);
    assertThat(compacted.getData().keySet()).containsExactly("a", "b", "c");
    assertThat(compacted.hashCode()).isEqualTo(copy.hashCode());
  }

  @Test
  void mapsAndListsBecomeReadOnly() {
    ConfigMap compacted = compact(decode("cart", "a"));

    assertThatThrownBy(() -> compacted.getData().put("d", "4")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> compacted.getMetadata().getLabels().remove("app"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> compacted.getMetadata().getAnnotations().clear())
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> compacted.addFinalizer("example.com/other"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> compacted.getMetadata().getOwnerReferences().clear())
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> compacted.getMetadata().getManagedFields().remove(0))
        .isInstanceOf(UnsupportedOperationException.class);
    @SuppressWarnings("unchecked")
    Map<String, Object> dataFields = (Map<String, Object>) compacted.getMetadata().getManagedFields().get(0)
        .getFieldsV1().getAdditionalProperties().get("f:data");
    assertThatThrownBy(() -> dataFields.put("f:z", Map.of())).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> compacted.getMetadata().setAdditionalProperty("x", 1))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void copiesMadeByTheAdapterOrABuilderCanBeChanged() {
    ConfigMap compacted = compact(decode("cart", "a"));

    ConfigMap deep = new HasMetadataAdapter<ConfigMap>(JSON).deepCopy(compacted);
    deep.getData().put("d", "4");
    deep.addFinalizer("example.com/other");
    deep.getMetadata().getManagedFields().get(0).getFieldsV1().getAdditionalProperties().put("f:x", Map.of());
    ConfigMap built = new ConfigMapBuilder(compacted).addToData("d", "4").editMetadata().addToLabels("new", "1")
        .addToFinalizers("example.com/other").endMetadata().build();

    assertThat(deep.getData()).containsEntry("d", "4");
    assertThat(built.getData()).containsEntry("d", "4");
    assertThat(built.getMetadata().getLabels()).containsEntry("new", "1");
    assertThat(compacted.getData()).doesNotContainKey("d");
    assertThat(compacted.getMetadata().getFinalizers()).containsExactly("example.com/keep");
  }

  @Test
  void equalFieldSetsAreOneInstanceAndDifferentOnesAreNot() {
    ConfigMap cart = compact(decode("cart", "a"));
    ConfigMap till = compact(decode("till", "a"));
    ConfigMap shelf = compact(decode("shelf", "other"));

    FieldsV1 cartFields = cart.getMetadata().getManagedFields().get(0).getFieldsV1();
    assertThat(till.getMetadata().getManagedFields().get(0).getFieldsV1()).isSameAs(cartFields);
    assertThat(shelf.getMetadata().getManagedFields().get(0).getFieldsV1()).isNotSameAs(cartFields)
        .isNotEqualTo(cartFields);
    assertThat(shelf.getMetadata().getNamespace()).isSameAs(till.getMetadata().getNamespace())
        .isEqualTo(cart.getMetadata().getNamespace());
    assertThat(shelf.getKind()).isSameAs(till.getKind());
    assertThat(till.getMetadata().getName()).isNotEqualTo(cart.getMetadata().getName());
  }

  @Test
  void aFieldSetNoObjectUsesAnyMoreIsNotKept() {
    WeakReference<FieldsV1> shared = new WeakReference<>(
        compact(decode("cart", "only-here")).getMetadata().getManagedFields().get(0).getFieldsV1());

    await().atMost(Duration.ofSeconds(60)).until(() -> {
      System.gc();
      return shared.get() == null;
    });
  }

  @Test
  void applyingItTwiceChangesNothingMore() {
    ConfigMap once = compact(decode("cart", "a"));
    String json = JSON.asJson(once);

    assertThat(compact(once)).isEqualTo(decode("cart", "a"));
    assertThat(JSON.asJson(once)).isEqualTo(json);
  }

  @Test
  void theContentOfDynamicResourcesIsReadOnlyAtEveryDepth() {
    GenericKubernetesResource widget = JSON.unmarshal("""
        {"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w","namespace":"shop"},
         "spec":{"size":3,"parts":[{"name":"a"},null],"empty":{}}}
        """, GenericKubernetesResource.class);
    GenericKubernetesResource original = JSON.clone(widget);

    compact(widget);

    assertThat(widget).isEqualTo(original);
    Map<String, Object> spec = widget.get("spec");
    List<Object> parts = widget.get("spec", "parts");
    Map<String, Object> part = widget.get("spec", "parts", 0);
    assertThatThrownBy(() -> spec.put("size", 4)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> parts.add("c")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> part.put("name", "b")).isInstanceOf(UnsupportedOperationException.class);
    assertThat(parts).hasSize(2).containsNull();
  }

  @Test
  void secretsDataIsReadOnlyAndObjectsWithoutMetadataPass() {
    Secret secret = JSON.unmarshal("""
        {"apiVersion":"v1","kind":"Secret","metadata":{"name":"s"},"data":{"k":"dg=="},"stringData":{"p":"q"}}
        """, Secret.class);
    compact(secret);
    assertThatThrownBy(() -> secret.getData().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> secret.getStringData().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);

    ConfigMap bare = new ConfigMap();
    bare.setMetadata(null);
    assertThat(compact(bare).getMetadata()).isNull();
  }

  @Test
  void largeRepetitiveDataIsKeptCompressedReadsBackWholeAndCopiesCanBeChanged() {
    String config = "server:\n  port: 8080\n  threads: 16\n".repeat(40);
    ConfigMap decoded = new ConfigMapBuilder().withNewMetadata().withName("big").withNamespace("shop").endMetadata()
        .addToData("application.yaml", config).addToData("extra.yaml", "mode: fast\n".repeat(60)).build();
    String before = JSON.asJson(decoded);
    ConfigMap copy = new ConfigMapBuilder(decoded).build();

    ConfigMap compacted = compact(decoded);

    assertThat(compacted.getData().getClass().getSimpleName()).isEqualTo("DeflatedValues");
    assertThat(compacted).isEqualTo(copy);
    assertThat(copy).isEqualTo(compacted);
    assertThat(compacted.hashCode()).isEqualTo(copy.hashCode());
    assertThat(JSON.asJson(compacted)).isEqualTo(before);
    assertThat(compacted.getData()).containsEntry("application.yaml", config).containsOnlyKeys("application.yaml", "extra.yaml");
    assertThatThrownBy(() -> compacted.getData().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    assertThat(compact(compacted).getData()).isSameAs(compacted.getData());

    ConfigMap modifiable = new HasMetadataAdapter<ConfigMap>(JSON).deepCopy(compacted);
    modifiable.getData().put("x", "y");
    assertThat(modifiable.getData()).containsEntry("application.yaml", config).containsEntry("x", "y");
    assertThat(compacted).isEqualTo(copy);
  }
}
