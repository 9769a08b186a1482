package io.informer4j.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.Selection;
import org.junit.jupiter.api.Test;

/** The REST paths of a resource's collection, for one namespace and for all of them. */
class ResourceDescriptorTest {

  @Test
  void allNamespacesAsSelectionWritesThemHasNoNamespaceSegment() {
    ResourceDescriptor configMaps = ResourceDescriptor.of(ConfigMap.class);

    assertThat(configMaps.collectionPath(Selection.all().namespace())).isEqualTo("api/v1/configmaps");
    assertThat(configMaps.collectionPath(null)).isEqualTo("api/v1/configmaps");
    assertThat(configMaps.collectionPath("shop")).isEqualTo("api/v1/namespaces/shop/configmaps");
  }

  @Test
  void aGroupGoesUnderApisAndAClusterScopedTypeIgnoresTheNamespace() {
    assertThat(ResourceDescriptor.of(Deployment.class).collectionPath("shop"))
        .isEqualTo("apis/apps/v1/namespaces/shop/deployments");
    assertThat(ResourceDescriptor.of(Namespace.class).collectionPath("shop")).isEqualTo("api/v1/namespaces");
    assertThat(ResourceDescriptor.of(Namespace.class).scope()).isEqualTo(Scope.CLUSTER);
  }

  @Test
  void aPluralMustBeOnePathSegment() {
    TypeKey widget = TypeKey.of("example.com", "v1", "Widget");
    assertThatThrownBy(() -> new ResourceDescriptor(widget, "widgets/status", Scope.NAMESPACED))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("widgets/status");
    assertThatThrownBy(() -> new ResourceDescriptor(widget, " ", Scope.NAMESPACED))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
