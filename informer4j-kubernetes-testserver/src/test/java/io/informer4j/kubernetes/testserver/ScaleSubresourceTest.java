package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ReplicationController;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The {@code /scale} subresource of the workloads and of custom resources whose CRD declares one,
 * answered as the API server answers: an {@code autoscaling/v1} Scale; a write changes only the
 * parent's desired replicas (kubernetes/pkg/registry/apps/deployment/storage/storage.go ScaleREST and
 * scaleUpdatedObjectInfo, pkg/apis/autoscaling/validation ValidateScale; k8s.io/apiextensions-apiserver
 * pkg/registry/customresource/etcd.go ScaleREST and validator.go ValidateScaleSpec, and
 * pkg/apis/apiextensions/validation ValidateCustomResourceDefinitionSubresources for the CRD's paths);
 * discovery lists {@code deployments/scale} as group autoscaling, version v1, kind Scale
 * (k8s.io/apiserver pkg/endpoints/installer.go).
 */
@EnableKubernetesTestServer(serve = {Deployment.class, ReplicaSet.class, StatefulSet.class, ReplicationController.class,
    ConfigMap.class},
    crds = "crds/replicated-pools.yaml")
class ScaleSubresourceTest {

  private static final String DEPLOYMENTS = "/apis/apps/v1/namespaces/default/deployments";
  private static final String POOLS = "/apis/example.com/v1/namespaces/default/pools";

  KubernetesTestServer server;

  private static String deployment(String name) {
    return "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"" + name + "\"},\"spec\":{"
        + "\"replicas\":1,\"selector\":{\"matchLabels\":{\"app\":\"" + name + "\"},\"matchExpressions\":[{\"key\":"
        + "\"tier\",\"operator\":\"In\",\"values\":[\"web\",\"api\"]}]},\"template\":{\"metadata\":{\"labels\":{\"app\":\""
        + name + "\",\"tier\":\"web\"}},\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"nginx:1.27\"}]}}}}";
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> child(Map<String, Object> document, String field) {
    return (Map<String, Object>) document.get(field);
  }

  @Test
  void aDeploymentsScaleShowsItsReplicasAndSelector() {
    RawHttp http = new RawHttp(server);
    http.post(DEPLOYMENTS, deployment("shown"));

    Map<String, Object> scale = http.get(DEPLOYMENTS + "/shown/scale").json();

    assertThat(scale).containsEntry("apiVersion", "autoscaling/v1").containsEntry("kind", "Scale");
    assertThat(child(scale, "metadata")).containsEntry("name", "shown").containsEntry("namespace", "default")
        .containsKeys("uid", "resourceVersion", "creationTimestamp");
    assertThat(child(scale, "spec")).isEqualTo(Map.of("replicas", 1));
    assertThat(child(scale, "status")).isEqualTo(Map.of("replicas", 0, "selector", "app=shown,tier in (api,web)"));
  }

  @Test
  void aReplicationControllersScaleShowsItsSelectorMap() {
    RawHttp http = new RawHttp(server);
    http.post("/api/v1/namespaces/default/replicationcontrollers", "{\"apiVersion\":\"v1\",\"kind\":"
        + "\"ReplicationController\",\"metadata\":{\"name\":\"legacy\"},\"spec\":{\"replicas\":2,\"selector\":"
        + "{\"tier\":\"web\",\"app\":\"legacy\"},\"template\":{\"metadata\":{\"labels\":{\"app\":\"legacy\","
        + "\"tier\":\"web\"}},\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"nginx:1.27\"}]}}}}");

    Map<String, Object> scale = http.get("/api/v1/namespaces/default/replicationcontrollers/legacy/scale").json();

    assertThat(child(scale, "spec")).isEqualTo(Map.of("replicas", 2));
    assertThat(child(scale, "status")).isEqualTo(Map.of("replicas", 0, "selector", "app=legacy,tier=web"));
  }

  @Test
  void discoveryListsTheScaleOfTheWorkloadsOnly() {
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> resources = (List<Map<String, Object>>) new RawHttp(server).get("/apis/apps/v1").json()
        .get("resources");

    assertThat(resources).filteredOn(r -> r.get("name").equals("deployments/scale")).singleElement()
        .satisfies(r -> assertThat(r).containsEntry("group", "autoscaling").containsEntry("version", "v1")
            .containsEntry("kind", "Scale").containsEntry("verbs", List.of("get", "patch", "update")));
    assertThat(resources).extracting(r -> r.get("name")).contains("replicasets/scale", "statefulsets/scale");
    assertThat(new RawHttp(server).get("/api/v1/namespaces/default/configmaps/any/scale").code()).isEqualTo(404);
  }

  @Test
  void aPatchOfTheScaleChangesOnlyTheDesiredReplicas() {
    RawHttp http = new RawHttp(server);
    Map<String, Object> before = http.post(DEPLOYMENTS, deployment("patched")).json();

    RawHttp.Answer patched = http.send("PATCH", DEPLOYMENTS + "/patched/scale", "application/merge-patch+json",
        "{\"spec\":{\"replicas\":3}}", null);
    Map<String, Object> after = http.get(DEPLOYMENTS + "/patched").json();

    assertThat(patched.code()).as(patched.body()).isEqualTo(200);
    assertThat(child(patched.json(), "spec")).isEqualTo(Map.of("replicas", 3));
    assertThat(child(after, "spec")).containsEntry("replicas", 3);
    assertThat(child(after, "metadata")).containsEntry("generation", 2);
    assertThat(child(child(after, "spec"), "template")).isEqualTo(child(child(before, "spec"), "template"));
    assertThat(child(patched.json(), "metadata").get("resourceVersion"))
        .isEqualTo(child(after, "metadata").get("resourceVersion"));
  }

  @Test
  void anUpdateOfTheScaleChecksItsResourceVersionUidAndReplicas() {
    RawHttp http = new RawHttp(server);
    Map<String, Object> created = http.post(DEPLOYMENTS, deployment("guarded")).json();
    String stale = (String) child(created, "metadata").get("resourceVersion");
    http.send("PATCH", DEPLOYMENTS + "/guarded/scale", "application/merge-patch+json", "{\"spec\":{\"replicas\":2}}",
        null);

    RawHttp.Answer conflict = http.send("PUT", DEPLOYMENTS + "/guarded/scale", "application/json", "{\"apiVersion\":"
        + "\"autoscaling/v1\",\"kind\":\"Scale\",\"metadata\":{\"name\":\"guarded\",\"resourceVersion\":\"" + stale
        + "\"},\"spec\":{\"replicas\":5}}", null);
    RawHttp.Answer otherUid = http.send("PUT", DEPLOYMENTS + "/guarded/scale", "application/json", "{\"apiVersion\":"
        + "\"autoscaling/v1\",\"kind\":\"Scale\",\"metadata\":{\"name\":\"guarded\",\"uid\":\"other\"},"
        + "\"spec\":{\"replicas\":5}}", null);
    RawHttp.Answer negative = http.send("PUT", DEPLOYMENTS + "/guarded/scale", "application/json", "{\"apiVersion\":"
        + "\"autoscaling/v1\",\"kind\":\"Scale\",\"metadata\":{\"name\":\"guarded\"},\"spec\":{\"replicas\":-1}}", null);

    assertThat(conflict.code()).isEqualTo(409);
    assertThat(conflict.json()).containsEntry("reason", "Conflict").containsEntry("message", "Operation cannot be "
        + "fulfilled on deployments.apps \"guarded\": the object has been modified; please apply your changes to the "
        + "latest version and try again");
    assertThat(otherUid.code()).isEqualTo(409);
    assertThat((String) otherUid.json().get("message")).endsWith("Precondition failed: UID in precondition: other, "
        + "UID in object meta: " + child(created, "metadata").get("uid"));
    assertThat(negative.invalidCauses()).containsExactly(
        "FieldValueInvalid spec.replicas Invalid value: -1: must be greater than or equal to 0");
    assertThat(negative.json().get("message")).isEqualTo("Scale.autoscaling \"guarded\" is invalid: spec.replicas: "
        + "Invalid value: -1: must be greater than or equal to 0");
    assertThat(child(http.get(DEPLOYMENTS + "/guarded").json(), "spec")).containsEntry("replicas", 2);
  }

  @Test
  void fabric8ScalesADeploymentAndAWatchSeesTheChange() {
    List<Deployment> seen = new CopyOnWriteArrayList<>();
    try (KubernetesClient client = server.newClient()) {
      client.apps().deployments().resource(new DeploymentBuilder().withNewMetadata().withName("scaled").endMetadata()
          .withNewSpec().withReplicas(1).withNewSelector().addToMatchLabels("app", "scaled").endSelector()
          .withNewTemplate().withNewMetadata().addToLabels("app", "scaled").endMetadata().withNewSpec()
          .addNewContainer().withName("c").withImage("nginx:1.27").endContainer().endSpec().endTemplate().endSpec()
          .build()).create();
      try (Watch watch = client.apps().deployments().withName("scaled").watch(new Watcher<>() {
        @Override
        public void eventReceived(Action action, Deployment deployment) {
          if (action == Action.MODIFIED) {
            seen.add(deployment);
          }
        }

        @Override
        public void onClose(WatcherException cause) {
        }
      })) {
        client.apps().deployments().withName("scaled").scale(4);

        await().atMost(Duration.ofSeconds(30)).until(() -> seen.stream().anyMatch(d -> d.getSpec().getReplicas() == 4));
      }
      assertThat(client.apps().deployments().withName("scaled").scale().getSpec().getReplicas()).isEqualTo(4);
    }
  }

  @Test
  void aCustomResourcesScaleFollowsTheCrdPaths() {
    RawHttp http = new RawHttp(server);
    http.post(POOLS, "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Pool\",\"metadata\":{\"name\":\"workers\"},"
        + "\"spec\":{\"replicas\":2},\"status\":{\"replicas\":1,\"selector\":\"pool=workers\"}}");

    Map<String, Object> scale = http.get(POOLS + "/workers/scale").json();
    RawHttp.Answer patched = http.send("PATCH", POOLS + "/workers/scale", "application/merge-patch+json",
        "{\"spec\":{\"replicas\":6}}", null);
    Map<String, Object> pool = http.get(POOLS + "/workers").json();

    assertThat(child(scale, "spec")).isEqualTo(Map.of("replicas", 2));
    assertThat(child(scale, "status")).isEqualTo(Map.of("replicas", 1, "selector", "pool=workers"));
    assertThat(patched.code()).as(patched.body()).isEqualTo(200);
    assertThat(child(pool, "spec")).isEqualTo(Map.of("replicas", 6));
    assertThat(child(pool, "metadata")).containsEntry("generation", 2);
  }

  @Test
  void aCustomResourceWithoutDesiredReplicasCannotBeReadOrLeftUnsetThroughItsScale() {
    RawHttp http = new RawHttp(server);
    http.post(POOLS, "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Pool\",\"metadata\":{\"name\":\"empty\"},"
        + "\"spec\":{\"image\":\"worker:1\"}}");

    RawHttp.Answer read = http.get(POOLS + "/empty/scale");
    RawHttp.Answer unset = http.send("PATCH", POOLS + "/empty/scale", "application/merge-patch+json",
        "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}", null);
    RawHttp.Answer set = http.send("PATCH", POOLS + "/empty/scale", "application/merge-patch+json",
        "{\"spec\":{\"replicas\":1}}", null);

    assertThat(read.code()).isEqualTo(500);
    assertThat(read.json()).containsEntry("reason", "InternalError")
        .containsEntry("message", "Internal error occurred: the spec replicas field \".spec.replicas\" does not exist");
    assertThat(unset.code()).isEqualTo(400);
    assertThat(unset.json()).containsEntry("message", "the spec replicas field \".spec.replicas\" cannot be empty");
    assertThat(set.code()).as(set.body()).isEqualTo(200);
    assertThat(child(http.get(POOLS + "/empty").json(), "spec")).isEqualTo(Map.of("image", "worker:1", "replicas", 1));
  }

  @Test
  void aCustomResourcesReplicasMayNotBeNegative() {
    RawHttp.Answer refused = new RawHttp(server).post(POOLS, "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Pool\","
        + "\"metadata\":{\"name\":\"negative\"},\"spec\":{\"replicas\":-1}}");

    assertThat(refused.invalidCauses()).containsExactly(
        "FieldValueInvalid .spec.replicas Invalid value: -1: should be a non-negative integer");
  }

  @Test
  void aCrdsScalePathsMustBeUnderSpecAndStatus() {
    RawHttp.Answer refused = new RawHttp(server).post("/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
        "{\"apiVersion\":\"apiextensions.k8s.io/v1\",\"kind\":\"CustomResourceDefinition\",\"metadata\":{\"name\":"
            + "\"bad.example.com\"},\"spec\":{\"group\":\"example.com\",\"scope\":\"Namespaced\",\"names\":{\"kind\":"
            + "\"Bad\",\"plural\":\"bad\"},\"versions\":[{\"name\":\"v1\",\"served\":true,\"storage\":true,"
            + "\"schema\":{\"openAPIV3Schema\":{\"type\":\"object\",\"x-kubernetes-preserve-unknown-fields\":true}},"
            + "\"subresources\":{\"scale\":{\"specReplicasPath\":\".status.replicas\",\"labelSelectorPath\":"
            + "\"selector\"}}}]}}");

    assertThat(refused.invalidCauses()).containsExactly(
        "FieldValueInvalid spec.subresources.scale.specReplicasPath Invalid value: \".status.replicas\": should be a "
            + "json path under .spec",
        "FieldValueRequired spec.subresources.scale.statusReplicasPath Required value",
        "FieldValueInvalid spec.subresources.scale.labelSelectorPath Invalid value: \"selector\": must be a simple "
            + "json path starting with .");
  }

  @Test
  void aCustomResourceWithoutScaleHasNoScaleSubresource() {
    server.createCustomResourceDefinition(ResourceType.of(io.informer4j.meta.TypeKey.of("example.com", "v1", "Plain"),
        "plains", io.informer4j.meta.Scope.NAMESPACED));
    RawHttp http = new RawHttp(server);
    http.post("/apis/example.com/v1/namespaces/default/plains", "{\"apiVersion\":\"example.com/v1\",\"kind\":"
        + "\"Plain\",\"metadata\":{\"name\":\"p\"},\"spec\":{\"replicas\":1}}");

    assertThat(http.get("/apis/example.com/v1/namespaces/default/plains/p/scale").code()).isEqualTo(404);
  }

  @Test
  void aReplicaOrSelectorFieldOfAnotherTypeIsAnAccessorError() {
    ScaleSubresource scale = ScaleSubresource.declared(Map.of("subresources", Map.of("scale", Map.of(
        "specReplicasPath", ".spec.replicas", "statusReplicasPath", ".status.replicas",
        "labelSelectorPath", ".status.selector"))));
    Map<String, Object> wrongReplicas = Map.of("spec", Map.of("replicas", "three"));
    Map<String, Object> wrongSelector = Map.of("spec", Map.of("replicas", 1), "status", Map.of("selector", true));

    assertThatThrownBy(() -> scale.scaleOf(wrongReplicas)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(".spec.replicas accessor error: three is of the type string, expected int64");
    assertThat(scale.replicaErrors(wrongReplicas)).extracting(FieldError::toString).containsExactly(
        ".spec.replicas: Invalid value: 0: .spec.replicas accessor error: three is of the type string, expected int64");
    assertThatThrownBy(() -> scale.scaleOf(wrongSelector)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(".status.selector accessor error: true is of the type bool, expected string");
  }
}
