package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Foreground cascading deletion, as the Kubernetes API server and kube-controller-manager's garbage
 * collector do it ({@link GarbageCollector}; https://kubernetes.io/docs/concepts/architecture/garbage-collection/#foreground-deletion
 * and https://kubernetes.io/docs/concepts/overview/working-with-objects/owners-dependents/): the
 * owner stays, with a {@code deletionTimestamp} and the {@code foregroundDeletion} finalizer, until
 * its dependents with {@code blockOwnerDeletion: true} are gone.
 */
@EnableKubernetesTestServer(serve = ConfigMap.class, perTest = true)
class ForegroundDeletionTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final String HOLD = "example.com/hold";

  KubernetesClient client;
  KubernetesTestServer server;

  private ConfigMap create(String name, ConfigMap owner, boolean blockOwnerDeletion, String... finalizers) {
    ConfigMapBuilder builder = new ConfigMapBuilder().withNewMetadata().withName(name).withFinalizers(finalizers)
        .endMetadata();
    if (owner != null) {
      builder.editMetadata().withOwnerReferences(new OwnerReferenceBuilder().withApiVersion("v1").withKind("ConfigMap")
          .withName(owner.getMetadata().getName()).withUid(owner.getMetadata().getUid())
          .withBlockOwnerDeletion(blockOwnerDeletion).build()).endMetadata();
    }
    return client.resource(builder.build()).create();
  }

  private void deleteInForeground(ConfigMap object) {
    client.resource(object).withPropagationPolicy(DeletionPropagation.FOREGROUND).delete();
  }

  private ConfigMap get(String name) {
    return client.configMaps().withName(name).get();
  }

  private void release(String name) {
    client.configMaps().withName(name).edit(c -> {
      c.getMetadata().setFinalizers(List.of());
      return c;
    });
  }

  private List<String> names() {
    return client.configMaps().list().getItems().stream().map(c -> c.getMetadata().getName()).sorted().toList();
  }

  @Test
  void theOwnerStaysWhileABlockingDependentExists() {
    ConfigMap owner = create("owner", null, false);
    create("child", owner, true, HOLD);

    deleteInForeground(owner);

    await().atMost(WAIT).until(() -> get("child").getMetadata().getDeletionTimestamp() != null);
    ConfigMap held = get("owner");
    assertThat(held.getMetadata().getDeletionTimestamp()).isNotNull();
    assertThat(held.getMetadata().getFinalizers()).containsExactly("foregroundDeletion");

    release("child");

    await().atMost(WAIT).until(() -> names().isEmpty());
  }

  @Test
  void aNonBlockingDependentDoesNotHoldTheOwner() {
    ConfigMap owner = create("owner", null, false);
    create("child", owner, false, HOLD);

    deleteInForeground(owner);

    await().atMost(WAIT).until(() -> names().equals(List.of("child")));
    assertThat(get("child").getMetadata().getDeletionTimestamp()).isNotNull();
    release("child");
    await().atMost(WAIT).until(() -> names().isEmpty());
  }

  @Test
  void anObjectWithoutDependentsIsDeleted() {
    deleteInForeground(create("alone", null, false));

    await().atMost(WAIT).until(() -> names().isEmpty());
  }

  @Test
  void anotherFinalizerStillHoldsTheOwner() {
    ConfigMap owner = create("owner", null, false, HOLD);
    create("child", owner, true);

    deleteInForeground(owner);

    await().atMost(WAIT).until(() -> names().equals(List.of("owner"))
        && get("owner").getMetadata().getFinalizers().equals(List.of(HOLD)));
    release("owner");
    await().atMost(WAIT).until(() -> names().isEmpty());
  }

  @Test
  void dependentsWithDependentsAreDeletedInTheForeground() {
    ConfigMap owner = create("owner", null, false);
    ConfigMap child = create("child", owner, true);
    create("grandchild", child, true, HOLD);

    deleteInForeground(owner);

    await().atMost(WAIT).until(() -> get("grandchild").getMetadata().getDeletionTimestamp() != null);
    assertThat(get("child").getMetadata().getFinalizers()).containsExactly("foregroundDeletion");
    assertThat(get("owner").getMetadata().getFinalizers()).containsExactly("foregroundDeletion");

    release("grandchild");

    await().atMost(WAIT).until(() -> names().isEmpty());
  }

  @Test
  void aDependentWithAnotherOwnerOnlyLosesItsReference() {
    ConfigMap owner = create("owner", null, false);
    ConfigMap other = create("other", null, false);
    ConfigMap shared = create("shared", owner, true);
    client.configMaps().withName("shared").edit(c -> {
      c.getMetadata().getOwnerReferences().add(new OwnerReferenceBuilder().withApiVersion("v1").withKind("ConfigMap")
          .withName("other").withUid(other.getMetadata().getUid()).build());
      return c;
    });

    deleteInForeground(owner);

    await().atMost(WAIT).until(() -> names().equals(List.of("other", "shared")));
    assertThat(get("shared").getMetadata().getOwnerReferences()).extracting(r -> r.getName()).containsExactly("other");
    assertThat(shared.getMetadata().getUid()).isEqualTo(get("shared").getMetadata().getUid());
  }

  @Test
  @SuppressWarnings("unchecked")
  void aQueryParameterAsksForItTooAndTheOwnerIsAnsweredBeingDeleted() {
    ConfigMap owner = create("owner", null, false);
    create("child", owner, true, HOLD);

    RawHttp.Answer answer = new RawHttp(server).send("DELETE",
        "/api/v1/namespaces/default/configmaps/owner?propagationPolicy=Foreground", null, null, null);

    assertThat(answer.code()).isEqualTo(200);
    Map<String, Object> metadata = (Map<String, Object>) answer.json().get("metadata");
    assertThat(metadata).containsKey("deletionTimestamp").containsEntry("finalizers", List.of("foregroundDeletion"));
    release("child");
    await().atMost(WAIT).until(() -> names().isEmpty());
  }
}
