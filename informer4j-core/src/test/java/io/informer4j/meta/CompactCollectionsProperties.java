package io.informer4j.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;

/** The read-only copies behave as the maps they copy, for maps of every size around the array limit. */
class CompactCollectionsProperties {

  @Property
  void aCopyIsEqualInOrderAndLookupsAndCannotBeChanged(
      @ForAll @Size(max = 40) List<@StringLength(max = 3) String> keys, @ForAll String absent) {
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

  @Property
  void treesAreCopiedAtEveryDepthAndStayEqual(@ForAll @Size(max = 6) List<@StringLength(max = 2) String> keys) {
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

  @Property(tries = 50)
  void sortedMapsAndMapsWithANullKeyAreCopiedToo(@ForAll @Size(max = 40) List<@StringLength(max = 3) String> keys) {
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
