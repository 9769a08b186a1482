package io.informer4j.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.testing.Item;
import org.junit.jupiter.api.Test;

/** A representation's identity is its name and class, never its adapter. */
class RepresentationTest {

  @Test
  void equalNamesAndClassesAreOneRepresentationWhateverTheAdapter() {
    Representation<Item> typed = Representation.of(Item.class, Item.ADAPTER);
    assertThat(typed).isEqualTo(Representation.of(Item.class, ReaderFixture.COPYING_ADAPTER));
    assertThat(typed).hasSameHashCodeAs(Representation.of("Item", Item.class, Item.ADAPTER));
    assertThat(typed.name()).isEqualTo("Item");
    assertThat(typed).hasToString("Item(io.informer4j.testing.Item)");
  }

  @Test
  void anotherNameOrClassIsAnotherRepresentation() {
    Representation<Item> typed = Representation.of(Item.class, Item.ADAPTER);
    assertThat(typed).isNotEqualTo(Representation.of("metadata", Item.class, Item.ADAPTER));
    assertThat(new InformerKey(ReaderFixture.PODS, typed))
        .isNotEqualTo(new InformerKey(ReaderFixture.PODS, Representation.of("metadata", Item.class, Item.ADAPTER)));
  }

  @Test
  void aBlankNameIsRejected() {
    assertThatThrownBy(() -> Representation.of(" ", Item.class, Item.ADAPTER))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("io.informer4j.testing.Item");
  }
}
