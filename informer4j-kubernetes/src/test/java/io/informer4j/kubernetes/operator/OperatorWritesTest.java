package io.informer4j.kubernetes.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.informer4j.manager.WrittenObject;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The one write path: the server's answers, the listener, typed errors. */
class OperatorWritesTest {

  private final OperatorFixture fx = new OperatorFixture();

  @AfterEach
  void close() {
    fx.close();
  }

  @Test
  void everyAcceptedWriteIsToldWithTheServersResourceVersion() {
    ConfigMap created = fx.writes.create(new ConfigMapBuilder().withNewMetadata().withNamespace("shop").withName("a")
        .endMetadata().build());
    created.setData(java.util.Map.of("k", "v"));
    ConfigMap updated = fx.writes.update(created);

    assertThat(fx.written).containsExactly(
        new WrittenObject(TypeKey.of("", "v1", "ConfigMap"), ObjectKey.of("shop", "a"),
            created.getMetadata().getResourceVersion()),
        new WrittenObject(TypeKey.of("", "v1", "ConfigMap"), ObjectKey.of("shop", "a"),
            updated.getMetadata().getResourceVersion()));
    assertThat(updated.getMetadata().getResourceVersion()).isNotEqualTo(created.getMetadata().getResourceVersion());
    assertThat(fx.client.configMaps().inNamespace("shop").withName("a").get().getMetadata().getResourceVersion())
        .isEqualTo(updated.getMetadata().getResourceVersion());
  }

  @Test
  void aListenerThatThrowsDoesNotUndoTheWrite() {
    OperatorWrites writes = OperatorWrites.builder(fx.client).listener(w -> {
      throw new IllegalStateException("listener bug");
    }).build();

    ConfigMap created = writes.create(new ConfigMapBuilder().withNewMetadata().withNamespace("shop").withName("b")
        .endMetadata().build());

    assertThat(created.getMetadata().getResourceVersion()).isNotEmpty();
  }

  @Test
  void aRejectedObjectGivesTheServersCauses() {
    ConfigMap invalid = new ConfigMapBuilder().withNewMetadata().withNamespace("shop").withName("Not_A_Name").endMetadata()
        .build();

    assertThatThrownBy(() -> fx.writes.create(invalid)).isInstanceOfSatisfying(InvalidObjectException.class, e -> {
      assertThat(e.statusCode()).isEqualTo(422);
      assertThat(e.key()).isEqualTo(ObjectKey.of("shop", "Not_A_Name"));
      assertThat(e.causes()).isNotEmpty().allSatisfy(cause -> assertThat(cause.field()).isEqualTo("metadata.name"));
      assertThat(e.getMessage()).contains("ConfigMap", "shop/Not_A_Name", "422");
    });
    assertThat(fx.written).isEmpty();
  }

  @Test
  void anUpdateNeedsAResourceVersionAsItsPrecondition() {
    ConfigMap unread = new ConfigMapBuilder().withNewMetadata().withNamespace("shop").withName("c").endMetadata().build();

    assertThatThrownBy(() -> fx.writes.update(unread)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("resourceVersion");
    assertThat(fx.server.requests()).isEmpty();
  }

  @Test
  void aStaleUpdateIsAConflict() {
    ConfigMap first = fx.configMap("shop", "d");
    ConfigMap second = fx.writes.copy(first);
    first.getData().put("k", "first");
    fx.writes.update(first);
    second.getData().put("k", "second");

    assertThatThrownBy(() -> fx.writes.update(second)).isInstanceOfSatisfying(WriteConflictException.class,
        e -> assertThat(e.reason()).isEqualTo("Conflict"));
  }
}
