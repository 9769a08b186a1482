package io.informer4j.kubernetes.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.informer4j.manager.Manager;
import io.informer4j.manager.WrittenObject;
import io.informer4j.meta.ObjectKey;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Server-side apply through the operator write path: ownership, typed conflicts, force, status, the controller's manager. */
class ServerSideApplyWritesTest {

  private final OperatorFixture fx = new OperatorFixture();

  @AfterEach
  void close() {
    fx.close();
  }

  private static ConfigMap settings(String mode) {
    return new ConfigMapBuilder().withNewMetadata().withNamespace("shop").withName("settings").endMetadata()
        .addToData("mode", mode).build();
  }

  @Test
  void appliesAsTheFieldManagerAndNamesTheFieldsAndManagerOfAConflict() {
    ConfigMap applied = fx.writes.apply(settings("fast"), "deployer");

    assertThat(applied.getData()).containsEntry("mode", "fast");
    assertThat(applied.getMetadata().getManagedFields()).extracting(ManagedFieldsEntry::getManager).containsExactly("deployer");
    assertThat(fx.written).containsExactly(new WrittenObject(Identity.typeOf(applied), ObjectKey.of("shop", "settings"),
        applied.getMetadata().getResourceVersion()));

    assertThatThrownBy(() -> fx.writes.apply(settings("slow"), "tuner"))
        .isInstanceOfSatisfying(ApplyConflictException.class, e -> {
          assertThat(e.statusCode()).isEqualTo(409);
          assertThat(e.key()).isEqualTo(ObjectKey.of("shop", "settings"));
          assertThat(e.conflicts()).containsExactly(
              new ApplyConflictException.Conflict(".data.mode", "deployer", "conflict with \"deployer\""));
          assertThat(e).hasMessageContaining("Apply failed with 1 conflict");
        });

    ConfigMap forced = fx.writes.apply(settings("slow"), ApplyOptions.as("tuner").forcingConflicts());
    assertThat(forced.getData()).containsEntry("mode", "slow");
    assertThat(forced.getMetadata().getManagedFields()).extracting(ManagedFieldsEntry::getManager).containsExactly("tuner");
  }

  @Test
  void appliesAStatusThroughItsSubresource() {
    fx.deployment("shop", "web");
    Deployment status = new DeploymentBuilder().withNewMetadata().withNamespace("shop").withName("web").endMetadata()
        .withNewStatus().withObservedGeneration(1L).withReadyReplicas(1).endStatus().build();

    Deployment applied = fx.writes.applyStatus(status, ApplyOptions.as("controller"));

    assertThat(applied.getStatus().getReadyReplicas()).isEqualTo(1);
    assertThat(applied.getMetadata().getManagedFields()).filteredOn(e -> e.getManager().equals("controller"))
        .singleElement().satisfies(entry -> assertThat(entry.getSubresource()).isEqualTo("status"));
    assertThat(fx.writesTo("/deployments/web/status")).isEqualTo(1);
  }

  @Test
  void aControllersWritesApplyUnderItsNameAndForceConflicts() {
    fx.client.resource(settings("manual")).create();
    try (Manager manager = Manager.builder(fx.backend).build()) {
      var controller = manager.controller("settings-controller", fx.backend.type(ConfigMap.class));
      OperatorWrites writes = OperatorWrites.builder(fx.client).forController(controller).build();

      ConfigMap applied = writes.apply(settings("automatic"));

      assertThat(applied.getData()).containsEntry("mode", "automatic");
      assertThat(applied.getMetadata().getManagedFields()).filteredOn(e -> e.getOperation().equals("Apply"))
          .singleElement().satisfies(entry -> {
            assertThat(entry.getManager()).isEqualTo("settings-controller");
            assertThat(entry.getFieldsV1().getAdditionalProperties()).isEqualTo(Map.of("f:data", Map.of("f:mode", Map.of())));
          });
    }
    assertThatThrownBy(() -> fx.writes.apply(settings("x"))).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no field manager");
  }
}
