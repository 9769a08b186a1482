package io.informer4j.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.cache.IndexFunction;
import io.informer4j.meta.Scope;
import io.informer4j.testing.Item;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Index naming byte-identical to Go, and the field index function. */
class FieldIndexesTest {

  @Test
  void fieldIndexNameIsGosFieldColonPrefix() {
    assertThat(FieldIndexes.fieldIndexName("spec.nodeName")).isEqualTo("field:spec.nodeName");
    assertThat(FieldIndexes.fieldIndexName("")).isEqualTo("field:");
  }

  @Test
  void keyToNamespacedKeyPrefixesTheNamespaceOrAllNamespaces() {
    assertThat(FieldIndexes.keyToNamespacedKey("default", "node-1")).isEqualTo("default/node-1");
    assertThat(FieldIndexes.keyToNamespacedKey("", "node-1")).isEqualTo("__all_namespaces/node-1");
    assertThat(FieldIndexes.keyToNamespacedKey(null, "node-1")).isEqualTo("__all_namespaces/node-1");
    assertThat(FieldIndexes.keyToNamespacedKey("ns", "")).isEqualTo("ns/");
  }

  @Test
  void namespacedObjectsGetTheAllNamespacesKeysThenTheNamespacedOnes() {
    IndexFunction<Item> function = FieldIndexes.indexFunction("data", Scope.NAMESPACED, Item.ADAPTER,
        item -> List.of("a", "b"));
    assertThat(function.values(Item.of("ns", "x", "1")))
        .containsExactly("__all_namespaces/a", "__all_namespaces/b", "ns/a", "ns/b");
  }

  @Test
  void objectsWithoutNamespaceAndClusterScopedTypesGetOnlyTheAllNamespacesKey() {
    IndexFunction<Item> extractor = item -> List.of("v");
    assertThat(FieldIndexes.indexFunction("f", Scope.NAMESPACED, Item.ADAPTER, extractor).values(Item.of("", "x", "1")))
        .containsExactly("__all_namespaces/v");
    assertThat(FieldIndexes.indexFunction("f", Scope.CLUSTER, Item.ADAPTER, extractor).values(Item.of("stray", "x", "1")))
        .containsExactly("__all_namespaces/v");
  }

  @Test
  void theExtractorsOutputIsNeverModifiedForEitherScope() {
    List<String> shared = List.of("v1", "v2");
    List<String> mutable = new ArrayList<>(shared);
    IndexFunction<Item> namespaced = FieldIndexes.indexFunction("f", Scope.NAMESPACED, Item.ADAPTER, item -> shared);
    IndexFunction<Item> cluster = FieldIndexes.indexFunction("f", Scope.CLUSTER, Item.ADAPTER, item -> mutable);

    assertThat(namespaced.values(Item.of("ns", "x", "1"))).hasSize(4);
    assertThat(namespaced.values(Item.of("", "y", "1"))).containsExactly("__all_namespaces/v1", "__all_namespaces/v2");
    assertThat(cluster.values(Item.of("", "z", "1"))).containsExactly("__all_namespaces/v1", "__all_namespaces/v2");
    assertThat(shared).containsExactly("v1", "v2");
    assertThat(mutable).containsExactly("v1", "v2");
  }

  @Test
  void noValuesGiveNoKeys() {
    assertThat(FieldIndexes.indexFunction("f", Scope.NAMESPACED, Item.ADAPTER, item -> null).values(Item.of("ns", "x", "1")))
        .isEmpty();
    assertThat(FieldIndexes.indexFunction("f", Scope.NAMESPACED, Item.ADAPTER, item -> List.of()).values(Item.of("ns", "x", "1")))
        .isEmpty();
  }

  @Test
  void aNullValueIsAnErrorNamingTheFieldAndTheObject() {
    IndexFunction<Item> function = FieldIndexes.indexFunction("spec.host", Scope.NAMESPACED, Item.ADAPTER,
        item -> Arrays.asList("ok", null));
    assertThatThrownBy(() -> function.values(Item.of("ns", "x", "1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("spec.host")
        .hasMessageContaining("ns/x");
  }
}
