package io.informer4j.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ObjectKeyTest {

  @Test
  void keysAreNamespaceSlashNameOrJustName() {
    assertThat(ObjectKey.of("prod", "web")).hasToString("prod/web");
    assertThat(ObjectKey.clusterScoped("node-1")).hasToString("node-1");
    assertThat(ObjectKey.keyOf("", "x")).isEqualTo("x");
    assertThat(ObjectKey.keyOf(null, "x")).isEqualTo("x");
  }

  @Test
  void splitsLikeSplitMetaNamespaceKey() {
    assertThat(ObjectKey.parse("prod/web")).isEqualTo(ObjectKey.of("prod", "web"));
    assertThat(ObjectKey.parse("node-1")).isEqualTo(ObjectKey.clusterScoped("node-1"));
    assertThat(ObjectKey.parse("/x")).isEqualTo(ObjectKey.of("", "x"));
  }

  @Test
  void rejectsMoreThanOneSlashAndEmptyNames() {
    assertThatThrownBy(() -> ObjectKey.parse("a/b/c")).isInstanceOf(InvalidKeyException.class)
        .hasMessage("invalid object key 'a/b/c': it has more than one '/'");
    assertThatThrownBy(() -> ObjectKey.parse("ns/")).isInstanceOf(InvalidKeyException.class).hasMessageContaining("name is empty");
    assertThatThrownBy(() -> ObjectKey.parse("")).isInstanceOf(InvalidKeyException.class);
  }

  @Test
  void ordersByNamespaceThenName() {
    assertThat(ObjectKey.of("a", "z")).isLessThan(ObjectKey.of("b", "a"));
    assertThat(ObjectKey.of("a", "a")).isLessThan(ObjectKey.of("a", "b"));
  }
}
