package io.informer4j.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.testing.Item;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An object type's identity is its key, representation name and class, never its adapter. */
class ObjectTypeTest {

  private static final TypeKey PODS = TypeKey.of("", "v1", "Pod");

  @Test
  void equalKeysNamesAndClassesAreOneTypeWhateverTheAdapter() {
    ObjectType<Item> typed = ObjectType.of(PODS, Item.class, Item.ADAPTER);
    assertThat(typed).isEqualTo(ObjectType.of(PODS, Item.class, Item.COPYING_ADAPTER));
    assertThat(typed).isEqualTo(ObjectType.of(PODS, "Item", Item.class, Item.ADAPTER));
    assertThat(typed).hasSameHashCodeAs(ObjectType.of(PODS, "Item", Item.class, Item.COPYING_ADAPTER));
    assertThat(typed.representation()).as("named after the class").isEqualTo("Item");
    assertThat(typed.key()).isEqualTo(PODS);
    assertThat(typed.javaClass()).isEqualTo(Item.class);
    assertThat(typed.adapter()).isSameAs(Item.ADAPTER);
    assertThat(typed).hasToString("/v1, Kind=Pod as Item");
  }

  @Test
  void anotherKeyNameOrClassIsAnotherType() {
    ObjectType<Item> typed = ObjectType.of(PODS, Item.class, Item.ADAPTER);
    assertThat(typed).isNotEqualTo(ObjectType.of(PODS, "metadata", Item.class, Item.ADAPTER));
    assertThat(typed).isNotEqualTo(ObjectType.of(TypeKey.of("", "v1", "Node"), Item.class, Item.ADAPTER));
    ObjectAdapter<String> strings = ObjectAdapter.builder((String s) -> "", s -> s).build();
    assertThat(ObjectType.of(PODS, "Item", String.class, strings)).isNotEqualTo(typed);
  }

  @Test
  void aGenericRepresentationKeepsItsRawClass() {
    ObjectAdapter<List<String>> adapter = ObjectAdapter.builder((List<String> l) -> l.get(0), l -> l.get(1)).build();
    ObjectType<List<String>> lists = ObjectType.ofGeneric(PODS, "pair", List.class, adapter);
    assertThat(lists.javaClass()).isEqualTo(List.class);
    assertThat(lists).isEqualTo(ObjectType.ofGeneric(PODS, "pair", List.class, adapter));
  }

  @Test
  void aBlankNameIsRejectedNamingTheType() {
    assertThatThrownBy(() -> ObjectType.of(PODS, " ", Item.class, Item.ADAPTER))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("/v1, Kind=Pod");
  }
}
