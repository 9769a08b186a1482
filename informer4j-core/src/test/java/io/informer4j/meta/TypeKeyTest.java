package io.informer4j.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TypeKeyTest {

  @Test
  void textFormIsGosGroupVersionKindString() {
    assertThat(TypeKey.of("demo.orkestra.io", "v1alpha1", "Website")).hasToString("demo.orkestra.io/v1alpha1, Kind=Website");
    assertThat(TypeKey.of("", "v1", "ConfigMap")).hasToString("/v1, Kind=ConfigMap");
  }

  @Test
  void parsesItsTextFormBack() {
    TypeKey key = TypeKey.of("apps", "v1", "Deployment");
    assertThat(TypeKey.parse(key.toString())).isEqualTo(key);
    assertThat(TypeKey.parse("/v1, Kind=Pod")).isEqualTo(TypeKey.of("", "v1", "Pod"));
    assertThatThrownBy(() -> TypeKey.parse("apps/v1 Deployment")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("group/version, Kind=Kind");
  }

  @Test
  void apiVersionOmitsTheCoreGroup() {
    assertThat(TypeKey.of("", "v1", "Pod").apiVersion()).isEqualTo("v1");
    assertThat(TypeKey.fromApiVersion("apps/v1", "Deployment")).isEqualTo(TypeKey.of("apps", "v1", "Deployment"));
    assertThat(TypeKey.fromApiVersion("v1", "Pod")).isEqualTo(TypeKey.of("", "v1", "Pod"));
    assertThatThrownBy(() -> TypeKey.fromApiVersion("a/b/c", "X")).hasMessageContaining("more than one '/'");
  }

  @Test
  void rejectsBlankVersionOrKind() {
    assertThatThrownBy(() -> TypeKey.of("g", "", "K")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("version");
    assertThatThrownBy(() -> TypeKey.of("g", "v1", " ")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("kind");
  }
}
