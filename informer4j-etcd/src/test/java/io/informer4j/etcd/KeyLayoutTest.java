package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class KeyLayoutTest {

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void namespacedKeysRoundTripAndOtherShapesAreRejected() {
    KeyLayout layout = KeyLayout.namespaced("/registry/widgets/");

    assertThat(layout.prefix()).isEqualTo("/registry/widgets");
    assertThat(layout.scope()).isEqualTo(Scope.NAMESPACED);
    assertThat(layout.storageKey(ObjectKey.of("ns", "a"))).isEqualTo("/registry/widgets/ns/a");
    assertThat(layout.objectKey(bytes("/registry/widgets/ns/a"))).isEqualTo(ObjectKey.of("ns", "a"));
    assertThat(layout.objectKey(bytes("/registry/widgets/a"))).isNull();
    assertThat(layout.objectKey(bytes("/registry/widgets/ns/a/b"))).isNull();
    assertThat(layout.objectKey(bytes("/registry/widgets//a"))).isNull();
    assertThat(layout.objectKey(bytes("/registry/widgets/ns/"))).isNull();
    assertThat(layout.objectKey(bytes("/registry/widgetsX/ns/a"))).isNull();
    assertThat(layout.objectKey(new byte[] {'/', 'r', (byte) 0xff})).isNull();
    assertThatThrownBy(() -> layout.storageKey(ObjectKey.clusterScoped("a"))).isInstanceOf(IllegalArgumentException.class);
    assertThat(layout.toString()).isEqualTo("/registry/widgets/<namespace>/<name>");
  }

  @Test
  void clusterScopedKeysHaveOneSegmentAndNoNamespaceRange() {
    KeyLayout layout = KeyLayout.clusterScoped("/registry/nodes");

    assertThat(layout.objectKey(bytes("/registry/nodes/n1"))).isEqualTo(ObjectKey.clusterScoped("n1"));
    assertThat(layout.objectKey(bytes("/registry/nodes/ns/n1"))).isNull();
    assertThat(layout.objectKey(bytes("/registry/nodes/"))).isNull();
    assertThat(layout.storageKey(ObjectKey.clusterScoped("n1"))).isEqualTo("/registry/nodes/n1");
    assertThatThrownBy(() -> layout.rangeStart("ns")).hasMessageContaining("cluster-scoped");
    assertThatThrownBy(() -> layout.storageKey(ObjectKey.of("ns", "n1"))).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void rangesCoverExactlyThePrefix() {
    KeyLayout layout = KeyLayout.namespaced("/w");

    assertThat(layout.rangeStart(null)).isEqualTo(bytes("/w/"));
    assertThat(layout.rangeStart("ns")).isEqualTo(bytes("/w/ns/"));
    assertThat(KeyLayout.rangeEnd(bytes("/w/"))).isEqualTo(bytes("/w0"));
    assertThat(KeyLayout.rangeEnd(new byte[] {'a', (byte) 0xff})).isEqualTo(bytes("b"));
    assertThat(KeyLayout.rangeEnd(new byte[] {(byte) 0xff})).isEqualTo(new byte[] {0});
    assertThatThrownBy(() -> layout.rangeStart("a/b")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> KeyLayout.namespaced("/")).isInstanceOf(IllegalArgumentException.class);
  }
}
