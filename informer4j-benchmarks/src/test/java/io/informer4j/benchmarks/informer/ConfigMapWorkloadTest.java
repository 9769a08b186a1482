package io.informer4j.benchmarks.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The benchmark objects look like real ConfigMaps, and their updates cycle without repeating a version. */
class ConfigMapWorkloadTest {

  private final ConfigMapAdapter adapter = new ConfigMapAdapter();

  @Test
  void objectsHaveRealisticMetadataAndAboutOneKilobyteOfData() {
    ConfigMapWorkload workload = ConfigMapWorkload.create(100, 0, 3);

    assertThat(workload.initial()).hasSize(100);
    assertThat(workload.listResourceVersion()).isEqualTo("100");
    assertThat(workload.updates()).isEmpty();
    Set<String> namespaces = new HashSet<>();
    Set<String> keys = new HashSet<>();
    for (V1ConfigMap object : workload.initial()) {
      namespaces.add(adapter.namespace(object));
      keys.add(adapter.key(object));
      assertThat(object.getMetadata().getUid()).hasSize(36);
      assertThat(adapter.labels(object)).containsOnlyKeys("app", "tier", "team");
      int dataChars = object.getData().entrySet().stream().mapToInt(e -> e.getKey().length() + e.getValue().length()).sum();
      assertThat(dataChars).isBetween(ConfigMapWorkload.DATA_CHARS - 100, ConfigMapWorkload.DATA_CHARS + 100);
    }
    assertThat(namespaces).hasSize(ConfigMapWorkload.NAMESPACES);
    assertThat(keys).hasSize(100);
  }

  @Test
  void updatesKeepIdentitiesAndNeverRepeatAVersionBackToBack() {
    ConfigMapWorkload workload = ConfigMapWorkload.create(20, 2, 3);
    List<V1ConfigMap> updates = workload.updates();

    assertThat(updates).hasSize(40);
    for (int i = 0; i < updates.size(); i++) {
      V1ConfigMap update = updates.get(i);
      V1ConfigMap original = workload.initial().get(i % 20);
      V1ConfigMap cycledBefore = updates.get((i + 20) % 40);
      assertThat(adapter.key(update)).isEqualTo(adapter.key(original));
      assertThat(update.getMetadata().getUid()).isEqualTo(original.getMetadata().getUid());
      assertThat(adapter.resourceVersion(update)).isNotEqualTo(adapter.resourceVersion(original))
          .isNotEqualTo(adapter.resourceVersion(cycledBefore));
    }
  }

  @Test
  void sameSeedSameObjects() {
    assertThat(ConfigMapWorkload.create(5, 2, 11)).isEqualTo(ConfigMapWorkload.create(5, 2, 11));
  }

  @Test
  void oneUpdateGenerationIsRejected() {
    assertThatThrownBy(() -> ConfigMapWorkload.create(5, 1, 11)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1 generations");
  }

  @Test
  void adapterDeepCopyIsEqualButSharesNothing() {
    V1ConfigMap object = ConfigMapWorkload.create(1, 0, 3).initial().get(0);

    V1ConfigMap copy = adapter.deepCopy(object);

    assertThat(copy).isEqualTo(object).isNotSameAs(object);
    assertThat(copy.getMetadata()).isNotSameAs(object.getMetadata());
    assertThat(copy.getData()).isNotSameAs(object.getData());
  }

  @Test
  void adapterReadsAnObjectWithoutMetadataAsNameless() {
    V1ConfigMap bare = new V1ConfigMap();

    assertThat(adapter.name(bare)).isNull();
    assertThat(adapter.namespace(bare)).isNull();
    assertThat(adapter.labels(bare)).isEmpty();
  }
}
