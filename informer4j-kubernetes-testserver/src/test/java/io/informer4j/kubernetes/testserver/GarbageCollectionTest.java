package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Background cascading deletion, as kube-controller-manager's garbage collector does it ({@link GarbageCollector}). */
@EnableKubernetesTestServer(serve = ConfigMap.class, perTest = true)
class GarbageCollectionTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  KubernetesClient client;

  private ConfigMap create(String name, ConfigMap... owners) {
    List<OwnerReference> references = java.util.Arrays.stream(owners).map(owner -> new OwnerReferenceBuilder()
        .withApiVersion("v1").withKind("ConfigMap").withName(owner.getMetadata().getName())
        .withUid(owner.getMetadata().getUid()).withController(owner == owners[0]).build()).toList();
    return client.resource(new ConfigMapBuilder().withNewMetadata().withName(name).withOwnerReferences(references)
        .endMetadata().build()).create();
  }

  private List<String> names() {
    return client.configMaps().list().getItems().stream().map(c -> c.getMetadata().getName()).sorted().toList();
  }

  @Test
  void dependentsGoWithTheirOwnerAndTheirsWithThem() {
    ConfigMap owner = create("owner");
    ConfigMap child = create("child", owner);
    create("grandchild", child);
    create("unrelated");

    client.resource(owner).delete();

    await().atMost(WAIT).until(() -> names().equals(List.of("unrelated")));
  }

  @Test
  void aDependentWithAnotherLiveOwnerStays() {
    ConfigMap first = create("first");
    ConfigMap second = create("second");
    create("shared", first, second);

    client.resource(first).delete();
    create("marker", second);
    client.configMaps().withName("marker").delete();

    await().atMost(WAIT).until(() -> !names().contains("marker"));
    assertThat(names()).containsExactly("second", "shared");
  }

  @Test
  void anOrphaningDeleteLeavesTheDependents() {
    ConfigMap owner = create("owner");
    create("child", owner);

    client.resource(owner).withPropagationPolicy(DeletionPropagation.ORPHAN).delete();
    ConfigMap marker = create("marker");
    create("marker-child", marker);
    client.resource(marker).delete();

    await().atMost(WAIT).until(() -> !names().contains("marker-child"));
    assertThat(names()).containsExactly("child");
  }
}
