package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.ReplicaSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The API server's validation of built-in kinds, request by request: 422 Invalid with a cause per field,
 * worded as kubernetes/pkg/apis/apps/validation/validation.go, kubernetes/pkg/apis/batch/validation/validation.go
 * and kubernetes/pkg/apis/core/validation/validation.go word them (Kubernetes 1.32).
 */
@EnableKubernetesTestServer(serve = {Pod.class, Deployment.class, ReplicaSet.class, StatefulSet.class, DaemonSet.class,
    Job.class, Service.class, Secret.class, ConfigMap.class, ServiceAccount.class}, perTest = true)
class BuiltInValidationTest {

  private static final String MISMATCH = "`selector` does not match template `labels`";
  private static final String CONTAINER = "{\"name\":\"main\",\"image\":\"nginx:1.27\"}";

  KubernetesTestServer server;
  SimulatedApi api;

  private RawHttp http() {
    return new RawHttp(server);
  }

  private static String deployment(String name, String selector, String labels, String containers) {
    return "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"" + name + "\"},\"spec\":{"
        + (selector == null ? "" : "\"selector\":" + selector + ",")
        + "\"template\":{\"metadata\":{\"labels\":" + labels + "},\"spec\":{\"containers\":[" + containers + "]}}}}";
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> causes(RawHttp.Answer answer) {
    return (List<Map<String, Object>>) ((Map<String, Object>) answer.json().get("details")).get("causes");
  }

  private static Map<String, Object> cause(String reason, String field, String message) {
    return Map.of("reason", reason, "field", field, "message", message);
  }

  private static void assertInvalid(RawHttp.Answer answer, String message) {
    assertThat(answer.code()).as(answer.body()).isEqualTo(422);
    assertThat(answer.json()).containsEntry("reason", "Invalid").containsEntry("message", message);
  }

  @Test
  void aDeploymentWhoseSelectorDoesNotMatchItsTemplateIsInvalid() {
    RawHttp.Answer answer = http().post("/apis/apps/v1/namespaces/default/deployments",
        deployment("web", "{\"matchLabels\":{\"app\":\"web\"}}", "{\"app\":\"x\"}", CONTAINER));

    assertInvalid(answer, "Deployment.apps \"web\" is invalid: spec.template.metadata.labels: Invalid value: "
        + "map[string]string{\"app\":\"x\"}: " + MISMATCH);
    assertThat(causes(answer)).containsExactly(cause("FieldValueInvalid", "spec.template.metadata.labels",
        "Invalid value: map[string]string{\"app\":\"x\"}: " + MISMATCH));
  }

  @Test
  void aDeploymentNeedsASelectorAndContainers() {
    RawHttp.Answer answer = http().post("/apis/apps/v1/namespaces/default/deployments",
        deployment("web", null, "{\"app\":\"web\"}", ""));

    assertThat(answer.code()).isEqualTo(422);
    assertThat(causes(answer)).containsExactly(
        cause("FieldValueRequired", "spec.selector", "Required value"),
        cause("FieldValueInvalid", "spec.template.metadata.labels",
            "Invalid value: map[string]string{\"app\":\"web\"}: " + MISMATCH),
        cause("FieldValueRequired", "spec.template.spec.containers", "Required value"));
  }

  @Test
  void anEmptySelectorAndABadReplicaCountAreInvalid() {
    RawHttp.Answer answer = http().post("/apis/apps/v1/namespaces/default/replicasets", "{\"apiVersion\":\"apps/v1\","
        + "\"kind\":\"ReplicaSet\",\"metadata\":{\"name\":\"rs\"},\"spec\":{\"replicas\":-1,\"selector\":{},"
        + "\"template\":{\"metadata\":{\"labels\":{\"app\":\"rs\"}},\"spec\":{\"containers\":[" + CONTAINER + "]}}}}");

    assertThat(answer.code()).isEqualTo(422);
    assertThat(causes(answer)).containsExactly(
        cause("FieldValueInvalid", "spec.replicas", "Invalid value: -1: must be greater than or equal to 0"),
        cause("FieldValueInvalid", "spec.selector", "Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), "
            + "MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment"));
  }

  @Test
  void aWorkloadsSelectorIsImmutable() {
    assertThat(http().post("/apis/apps/v1/namespaces/default/deployments",
        deployment("web", "{\"matchLabels\":{\"app\":\"web\"}}", "{\"app\":\"web\",\"tier\":\"front\"}", CONTAINER))
        .code()).isEqualTo(201);

    RawHttp.Answer answer = http().send("PATCH", "/apis/apps/v1/namespaces/default/deployments/web",
        "application/merge-patch+json", "{\"spec\":{\"selector\":{\"matchLabels\":{\"tier\":\"front\"}}}}", null);

    assertInvalid(answer, "Deployment.apps \"web\" is invalid: spec.selector: Invalid value: v1.LabelSelector{"
        + "MatchLabels:map[string]string{\"app\":\"web\", \"tier\":\"front\"}, MatchExpressions:"
        + "[]v1.LabelSelectorRequirement(nil)}: field is immutable");
  }

  @Test
  void aStatefulSetMayChangeOnlySomeOfItsSpec() {
    assertThat(http().post("/apis/apps/v1/namespaces/default/statefulsets", "{\"apiVersion\":\"apps/v1\",\"kind\":"
        + "\"StatefulSet\",\"metadata\":{\"name\":\"db\"},\"spec\":{\"serviceName\":\"db\",\"selector\":{\"matchLabels\":"
        + "{\"app\":\"db\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"db\"}},\"spec\":{\"containers\":["
        + CONTAINER + "]}}}}").code()).isEqualTo(201);

    RawHttp.Answer scaled = http().send("PATCH", "/apis/apps/v1/namespaces/default/statefulsets/db",
        "application/merge-patch+json", "{\"spec\":{\"replicas\":3}}", null);
    RawHttp.Answer renamed = http().send("PATCH", "/apis/apps/v1/namespaces/default/statefulsets/db",
        "application/merge-patch+json", "{\"spec\":{\"serviceName\":\"other\"}}", null);

    assertThat(scaled.code()).isEqualTo(200);
    assertInvalid(renamed, "StatefulSet.apps \"db\" is invalid: spec: Forbidden: updates to statefulset spec for fields "
        + "other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and "
        + "'minReadySeconds' are forbidden");
  }

  @Test
  void aJobsPodsMayNotRestartAlways() {
    RawHttp.Answer answer = http().post("/apis/batch/v1/namespaces/default/jobs", "{\"apiVersion\":\"batch/v1\","
        + "\"kind\":\"Job\",\"metadata\":{\"name\":\"migrate\"},\"spec\":{\"template\":{\"spec\":{\"containers\":["
        + CONTAINER + "]}}}}");

    assertInvalid(answer, "Job.batch \"migrate\" is invalid: spec.template.spec.restartPolicy: Required value: "
        + "valid values: \"OnFailure\", \"Never\"");
  }

  @Test
  void aPodNeedsNamedContainersWithImagesAndPortsInRange() {
    RawHttp.Answer answer = http().post("/api/v1/namespaces/default/pods", "{\"apiVersion\":\"v1\",\"kind\":\"Pod\","
        + "\"metadata\":{\"name\":\"p\"},\"spec\":{\"restartPolicy\":\"Sometimes\",\"containers\":["
        + "{\"name\":\"Main_1\",\"image\":\"nginx\"},{\"name\":\"side\"},{\"name\":\"side\",\"image\":\"busybox\","
        + "\"ports\":[{\"containerPort\":70000},{\"containerPort\":80,\"protocol\":\"HTTP\"}]}]}}");

    assertThat(answer.code()).isEqualTo(422);
    assertThat(causes(answer)).extracting(c -> c.get("field") + ": " + c.get("message")).containsExactly(
        "spec.containers[0].name: Invalid value: \"Main_1\": a lowercase RFC 1123 label must consist of lower case "
            + "alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  "
            + "or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
        "spec.containers[1].image: Required value",
        "spec.containers[2].name: Duplicate value: \"side\"",
        "spec.containers[2].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive",
        "spec.containers[2].ports[1].protocol: Unsupported value: \"HTTP\": supported values: \"SCTP\", \"TCP\", \"UDP\"",
        "spec.restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"OnFailure\", \"Never\"");
  }

  @Test
  void aPodsSpecChangesOnlyInItsImages() {
    assertThat(http().post("/api/v1/namespaces/default/pods", "{\"apiVersion\":\"v1\",\"kind\":\"Pod\","
        + "\"metadata\":{\"name\":\"p\"},\"spec\":{\"containers\":[" + CONTAINER + "]}}").code()).isEqualTo(201);

    RawHttp.Answer image = http().send("PATCH", "/api/v1/namespaces/default/pods/p", "application/strategic-merge-patch+json",
        "{\"spec\":{\"containers\":[{\"name\":\"main\",\"image\":\"nginx:1.28\"}]}}", null);
    RawHttp.Answer policy = http().send("PATCH", "/api/v1/namespaces/default/pods/p", "application/merge-patch+json",
        "{\"spec\":{\"dnsPolicy\":\"Default\"}}", null);

    RawHttp.Answer tolerated = http().send("PATCH", "/api/v1/namespaces/default/pods/p", "application/merge-patch+json",
        "{\"spec\":{\"tolerations\":[{\"key\":\"k\",\"operator\":\"Exists\"}]}}", null);
    RawHttp.Answer untolerated = http().send("PATCH", "/api/v1/namespaces/default/pods/p", "application/merge-patch+json",
        "{\"spec\":{\"tolerations\":[]}}", null);

    assertThat(image.code()).isEqualTo(200);
    assertThat(tolerated.code()).as("a toleration added").isEqualTo(200);
    assertThat(untolerated.code()).as("a toleration removed").isEqualTo(422);
    assertThat(policy.code()).isEqualTo(422);
    assertThat(causes(policy)).extracting(c -> c.get("field")).containsExactly("spec");
    assertThat((String) causes(policy).get(0).get("message")).startsWith("Forbidden: pod updates may not change fields "
        + "other than `spec.containers[*].image`,");
  }

  @Test
  void anObjectStoredWithoutDefaultsIsComparedDefaultedOnUpdate() {
    api.create(TypeKey.of("apps", "v1", "StatefulSet"), SimObject.of("default", "seeded")
        .withContentAt("spec.selector", Map.of("matchLabels", Map.of("app", "db")))
        .withContentAt("spec.template", Map.of("metadata", Map.of("labels", Map.of("app", "db")),
            "spec", Map.of("containers", List.of(Map.of("name", "db", "image", "postgres:17"))))));

    RawHttp.Answer scaled = http().send("PATCH", "/apis/apps/v1/namespaces/default/statefulsets/seeded",
        "application/merge-patch+json", "{\"spec\":{\"replicas\":2}}", null);

    assertThat(scaled.code()).as("the defaults the update adds are not a forbidden change (%s)", scaled.body())
        .isEqualTo(200);
  }

  @Test
  void aServiceNeedsPortsInRangeAndKeepsItsClusterIp() {
    RawHttp.Answer none = http().post("/api/v1/namespaces/default/services", "{\"apiVersion\":\"v1\",\"kind\":\"Service\","
        + "\"metadata\":{\"name\":\"s\"},\"spec\":{\"selector\":{\"app\":\"s\"}}}");
    RawHttp.Answer badPorts = http().post("/api/v1/namespaces/default/services", "{\"apiVersion\":\"v1\",\"kind\":"
        + "\"Service\",\"metadata\":{\"name\":\"s\"},\"spec\":{\"ports\":[{\"port\":0},{\"name\":\"b\",\"port\":80}]}}");
    RawHttp.Answer headless = http().post("/api/v1/namespaces/default/services", "{\"apiVersion\":\"v1\",\"kind\":"
        + "\"Service\",\"metadata\":{\"name\":\"headless\"},\"spec\":{\"clusterIP\":\"None\"}}");
    RawHttp.Answer created = http().post("/api/v1/namespaces/default/services", "{\"apiVersion\":\"v1\",\"kind\":"
        + "\"Service\",\"metadata\":{\"name\":\"s\"},\"spec\":{\"ports\":[{\"port\":80}]}}");
    RawHttp.Answer moved = http().send("PATCH", "/api/v1/namespaces/default/services/s", "application/merge-patch+json",
        "{\"spec\":{\"clusterIP\":\"10.96.200.200\",\"clusterIPs\":[\"10.96.200.200\"]}}", null);

    assertInvalid(none, "Service \"s\" is invalid: spec.ports: Required value");
    assertThat(causes(badPorts)).extracting(c -> c.get("field") + ": " + c.get("message")).containsExactly(
        "spec.ports[0].name: Required value",
        "spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive",
        "spec.ports[0].targetPort: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:\"\"}: must be between 1 "
            + "and 65535, inclusive");
    assertThat(headless.code()).isEqualTo(201);
    assertThat(created.code()).isEqualTo(201);
    assertThat(causes(moved)).extracting(c -> c.get("field") + ": " + c.get("message")).containsExactly(
        "spec.clusterIPs[0]: Invalid value: []string{\"10.96.200.200\"}: may not change once set");
  }

  @Test
  void aRequestedClusterIpOrNodePortMustBeFreeAndInRange() {
    String first = (String) ((Map<?, ?>) http().post("/api/v1/namespaces/default/services", "{\"apiVersion\":\"v1\","
        + "\"kind\":\"Service\",\"metadata\":{\"name\":\"a\"},\"spec\":{\"type\":\"NodePort\",\"ports\":[{\"port\":80,"
        + "\"nodePort\":30080}]}}").json().get("spec")).get("clusterIP");

    RawHttp.Answer taken = http().post("/api/v1/namespaces/default/services", "{\"apiVersion\":\"v1\",\"kind\":"
        + "\"Service\",\"metadata\":{\"name\":\"b\"},\"spec\":{\"type\":\"NodePort\",\"clusterIP\":\"" + first
        + "\",\"ports\":[{\"port\":80,\"nodePort\":30080}]}}");
    RawHttp.Answer outside = http().post("/api/v1/namespaces/default/services", "{\"apiVersion\":\"v1\",\"kind\":"
        + "\"Service\",\"metadata\":{\"name\":\"c\"},\"spec\":{\"type\":\"NodePort\",\"clusterIP\":\"192.168.0.1\","
        + "\"ports\":[{\"port\":80,\"nodePort\":80}]}}");

    assertThat(causes(taken)).extracting(c -> c.get("field") + ": " + c.get("message")).containsExactly(
        "spec.clusterIPs: Invalid value: []string{\"" + first + "\"}: failed to allocate IP " + first
            + ": provided IP is already allocated",
        "spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated");
    assertThat(causes(outside)).extracting(c -> c.get("field") + ": " + c.get("message")).containsExactly(
        "spec.clusterIPs: Invalid value: []string{\"192.168.0.1\"}: failed to allocate IP 192.168.0.1: the provided IP "
            + "(192.168.0.1) is not in the valid range. The range of valid IPs is 10.96.0.0/12",
        "spec.ports[0].nodePort: Invalid value: 80: provided port is not in the valid range. The range of valid ports "
            + "is 30000-32767");
  }

  @Test
  void configMapAndSecretKeysAndSizesAreChecked() {
    RawHttp.Answer keys = http().post("/api/v1/namespaces/default/configmaps", "{\"apiVersion\":\"v1\",\"kind\":"
        + "\"ConfigMap\",\"metadata\":{\"name\":\"c\"},\"data\":{\"bad key\":\"v\",\"both\":\"v\"},"
        + "\"binaryData\":{\"both\":\"dg==\"}}");
    RawHttp.Answer big = http().post("/api/v1/namespaces/default/secrets", "{\"apiVersion\":\"v1\",\"kind\":\"Secret\","
        + "\"metadata\":{\"name\":\"s\"},\"stringData\":{\"blob\":\"" + "x".repeat(CoreValidation.MAX_SIZE + 1) + "\"}}");

    assertThat(causes(keys)).extracting(c -> c.get("field") + ": " + c.get("message")).containsExactly(
        "data[bad key]: Invalid value: \"bad key\": a valid config key must consist of alphanumeric characters, '-', "
            + "'_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
        "data[both]: Invalid value: \"both\": duplicate of key present in binaryData");
    assertInvalid(big, "Secret \"s\" is invalid: data: Too long: must have at most 1048576 bytes");
  }

  @Test
  void anImmutableConfigMapKeepsItsDataAndAServiceAccountIsAccepted() {
    assertThat(http().post("/api/v1/namespaces/default/serviceaccounts", "{\"apiVersion\":\"v1\",\"kind\":"
        + "\"ServiceAccount\",\"metadata\":{\"name\":\"robot\"}}").code()).isEqualTo(201);
    assertThat(http().post("/api/v1/namespaces/default/configmaps", "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\","
        + "\"metadata\":{\"name\":\"frozen\"},\"immutable\":true,\"data\":{\"k\":\"v\"}}").code()).isEqualTo(201);

    RawHttp.Answer changed = http().send("PATCH", "/api/v1/namespaces/default/configmaps/frozen",
        "application/merge-patch+json", "{\"data\":{\"k\":\"w\"}}", null);

    assertInvalid(changed, "ConfigMap \"frozen\" is invalid: data: Forbidden: field is immutable when `immutable` is set");
  }
}
