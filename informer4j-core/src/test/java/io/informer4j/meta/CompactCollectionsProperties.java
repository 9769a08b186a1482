package io.informer4j.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.informer4j.testsupport.property.Generator;
import io.informer4j.testsupport.property.Generators;
import io.informer4j.testsupport.property.PropertyCheck;
import org.junit.jupiter.api.Test;

/** The read-only copies behave as the maps they copy, for maps of every size around the array limit. */
class CompactCollectionsProperties {

  /** Up to 40 keys of up to 3 characters: many repeats, and sizes on both sides of the array limit. */
  private static final Generator<List<String>> KEYS = Generators.strings(Generators.chars(), 0, 3).list(0, 40);

  /** Keys and a key to look up that is most likely absent. */
  record Lookup(List<String> keys, String absent) {
  }

  @Test
  void aCopyIsEqualInOrderAndLookupsAndCannotBeChanged() {
    PropertyCheck.forAll(choices -> new Lookup(choices.draw(KEYS), choices.draw(Generators.strings(Generators.chars(), 0, Generators.DEFAULT_MAX_LENGTH))))
        .check(lookup -> copyIsEqualAndReadOnly(lookup.keys(), lookup.absent()));
  }

  private static void copyIsEqualAndReadOnly(List<String> keys, String absent) {
    Map<String, Object> original = new LinkedHashMap<>();
    for (int i = 0; i < keys.size(); i++) {
      original.put(keys.get(i), i % 5 == 0 ? null : "v" + i);
    }

    Map<String, Object> copy = CompactCollections.map(original);

    assertThat(copy).isEqualTo(original);
    assertThat(original).isEqualTo(copy);
    assertThat(copy.hashCode()).isEqualTo(original.hashCode());
    assertThat(new ArrayList<>(copy.keySet())).isEqualTo(new ArrayList<>(original.keySet()));
    assertThat(new ArrayList<>(copy.values())).isEqualTo(new ArrayList<>(original.values()));
    for (String key : original.keySet()) {
      assertThat(copy.get(new String(key))).isEqualTo(original.get(key));
      assertThat(copy.containsKey(new String(key))).isTrue();
    }
    assertThat(copy.containsKey(absent)).isEqualTo(original.containsKey(absent));
    assertThat(copy.get(absent)).isEqualTo(original.get(absent));
    assertThatThrownBy(() -> copy.put("new", "x")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> copy.remove(absent)).isInstanceOf(UnsupportedOperationException.class);
    if (!copy.isEmpty()) {
      assertThat(CompactCollections.isReadOnly(copy)).isTrue();
      assertThatThrownBy(() -> copy.entrySet().iterator().next().setValue("x"))
          .isInstanceOf(UnsupportedOperationException.class);
    }
  }

  @Test
  void treesAreCopiedAtEveryDepthAndStayEqual() {
    PropertyCheck.forAll(Generators.strings(Generators.chars(), 0, 2).list(0, 6)).check(CompactCollectionsProperties::treeCopyIsEqualAndReadOnly);
  }

  private static void treeCopyIsEqualAndReadOnly(List<String> keys) {
    Map<String, Object> leaf = new LinkedHashMap<>();
    keys.forEach(key -> leaf.put(key, key.isEmpty() ? null : key.length()));
    List<Object> list = new ArrayList<>(List.of(leaf, "text"));
    list.add(null);
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("list", list);
    root.put("leaf", leaf);

    Map<String, Object> copy = CompactCollections.mapTree(root);

    assertThat(copy).isEqualTo(root);
    assertThat(copy.hashCode()).isEqualTo(root.hashCode());
    @SuppressWarnings("unchecked")
    List<Object> copiedList = (List<Object>) copy.get("list");
    assertThatThrownBy(() -> copiedList.add("x")).isInstanceOf(UnsupportedOperationException.class);
    @SuppressWarnings("unchecked")
    Map<String, Object> copiedLeaf = (Map<String, Object>) copiedList.get(0);
    assertThatThrownBy(() -> copiedLeaf.put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
    leaf.put("changed-after", 1);
    assertThat(copiedLeaf).doesNotContainKey("changed-after");
  }

  @Test
  void sortedMapsAndMapsWithANullKeyAreCopiedToo() {
    PropertyCheck.forAll(KEYS).tries(50).check(CompactCollectionsProperties::sortedAndNullKeyCopiesAreEqual);
  }

  private static void sortedAndNullKeyCopiesAreEqual(List<String> keys) {
    Map<String, Object> sorted = new java.util.TreeMap<>();
    Map<String, Object> withNullKey = new LinkedHashMap<>();
    withNullKey.put(null, "n");
    for (String key : keys) {
      sorted.put(key, key);
      withNullKey.put(key, key);
    }

    assertThat(CompactCollections.map(sorted)).isEqualTo(sorted);
    assertThat(new ArrayList<>(CompactCollections.map(sorted).keySet())).isEqualTo(new ArrayList<>(sorted.keySet()));
    Map<String, Object> copy = CompactCollections.map(withNullKey);
    assertThat(copy).isEqualTo(withNullKey).containsEntry(null, "n");
    assertThatThrownBy(() -> copy.put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
  }
}
