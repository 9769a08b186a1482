package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.kubernetes.client.custom.V1Patch;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.util.PatchUtils;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Server-side apply from real clients: fabric8 8.0.0's {@code serverSideApply()} and client-java's apply patch. */
@EnableKubernetesTestServer(serve = ConfigMap.class, crds = "crds/gadgets.yaml", perTest = true)
class ClientsServerSideApplyTest {

  KubernetesClient client;
  KubernetesTestServer server;

  private static ConfigMap settings(String mode) {
    return new ConfigMapBuilder().withNewMetadata().withName("settings").endMetadata().addToData("mode", mode).build();
  }

  private static Map<String, Object> fields(ManagedFieldsEntry entry) {
    return entry.getFieldsV1().getAdditionalProperties();
  }

  @Test
  void fabric8AppliesConflictsAndForces() {
    ConfigMap created = client.resource(settings("fast")).fieldManager("deployer").serverSideApply();
    assertThat(created.getData()).containsEntry("mode", "fast");
    assertThat(created.getMetadata().getManagedFields()).singleElement().satisfies(entry -> {
      assertThat(entry.getManager()).isEqualTo("deployer");
      assertThat(entry.getOperation()).isEqualTo("Apply");
      assertThat(fields(entry)).isEqualTo(Map.of("f:data", Map.of("f:mode", Map.of())));
    });

    assertThatThrownBy(() -> client.resource(settings("slow")).fieldManager("tuner").serverSideApply())
        .isInstanceOfSatisfying(KubernetesClientException.class, e -> {
          assertThat(e.getCode()).isEqualTo(409);
          assertThat(e.getStatus().getMessage())
              .isEqualTo("Apply failed with 1 conflict: conflict with \"deployer\": .data.mode");
          assertThat(e.getStatus().getDetails().getCauses()).singleElement().satisfies(cause -> {
            assertThat(cause.getReason()).isEqualTo("FieldManagerConflict");
            assertThat(cause.getField()).isEqualTo(".data.mode");
          });
        });

    ConfigMap forced = client.resource(settings("slow")).fieldManager("tuner").forceConflicts().serverSideApply();

    assertThat(forced.getData()).containsEntry("mode", "slow");
    assertThat(forced.getMetadata().getManagedFields()).extracting(ManagedFieldsEntry::getManager).containsExactly("tuner");
  }

  @Test
  void fabric8AppliesAStatusThroughItsSubresource() {
    ResourceDefinitionContext gadgets = new ResourceDefinitionContext.Builder().withGroup("example.com").withVersion("v1")
        .withKind("Gadget").withPlural("gadgets").withNamespaced(true).build();
    GenericKubernetesResource gadget = new GenericKubernetesResourceBuilder().withApiVersion("example.com/v1")
        .withKind("Gadget").withNewMetadata().withName("g").withNamespace("default").endMetadata()
        .withAdditionalProperties(Map.of("spec", Map.of("color", "red"))).build();
    client.genericKubernetesResources(gadgets).resource(gadget).fieldManager("owner").serverSideApply();

    gadget.setAdditionalProperty("status", Map.of("phase", "Ready"));
    GenericKubernetesResource withStatus = client.genericKubernetesResources(gadgets).resource(gadget).subresource("status")
        .patch(new PatchContext.Builder().withPatchType(PatchType.SERVER_SIDE_APPLY).withFieldManager("controller")
            .withForce(true).build());

    assertThat(withStatus.getAdditionalProperties()).containsEntry("status", Map.of("phase", "Ready"));
    assertThat(withStatus.getMetadata().getManagedFields()).filteredOn(e -> e.getManager().equals("controller"))
        .singleElement().satisfies(entry -> {
          assertThat(entry.getSubresource()).isEqualTo("status");
          assertThat(fields(entry)).isEqualTo(Map.of("f:status", Map.of("f:phase", Map.of())));
        });
  }

  @Test
  void clientJavaAppliesWithItsApplyPatch() throws ApiException {
    ApiClient api = new ApiClient().setBasePath(server.url().substring(0, server.url().length() - 1));
    CoreV1Api core = new CoreV1Api(api);
    String yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  mode: %s\n";

    V1ConfigMap created = PatchUtils.patch(V1ConfigMap.class, () -> core.patchNamespacedConfigMap("settings", "default",
            new V1Patch(yaml.formatted("fast"))).fieldManager("java").buildCall(null), V1Patch.PATCH_FORMAT_APPLY_YAML, api);
    assertThat(created.getData()).containsEntry("mode", "fast");
    // client-java leaves managedFields out of the objects it reads (kubernetes.client.includeManagedFields)
    assertThat(client.configMaps().withName("settings").get().getMetadata().getManagedFields()).singleElement()
        .satisfies(entry -> assertThat(entry.getManager() + " " + entry.getOperation()).isEqualTo("java Apply"));

    assertThatThrownBy(() -> PatchUtils.patch(V1ConfigMap.class, () -> core.patchNamespacedConfigMap("settings", "default",
            new V1Patch(yaml.formatted("slow"))).fieldManager("other").buildCall(null), V1Patch.PATCH_FORMAT_APPLY_YAML, api))
        .isInstanceOfSatisfying(ApiException.class, e -> {
          assertThat(e.getCode()).isEqualTo(409);
          assertThat(e.getResponseBody()).contains("Apply failed with 1 conflict: conflict with \\\"java\\\": .data.mode");
        });

    V1ConfigMap forced = PatchUtils.patch(V1ConfigMap.class, () -> core.patchNamespacedConfigMap("settings", "default",
            new V1Patch(yaml.formatted("slow"))).fieldManager("other").force(true).buildCall(null),
        V1Patch.PATCH_FORMAT_APPLY_YAML, api);
    assertThat(forced.getData()).containsEntry("mode", "slow");
  }
}
