package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The API server's checks of what a pod spec holds beyond its containers' names and ports: volumes
 * and mounts (ValidateVolumes, validateVolumeSource, ValidateVolumeMounts), environment variables
 * (ValidateEnv with Kubernetes 1.32's relaxed names, validateEnvVarValueFrom), probes and lifecycle
 * handlers (validateProbe, validateHandler), resources (ValidateContainerResourceRequirements) — all
 * in kubernetes/pkg/apis/core/validation/validation.go — and a workload's label selector
 * (ValidateLabelSelector, k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go). Each
 * request is refused with 422 Invalid and the causes kube-apiserver 1.32 gives.
 */
@EnableKubernetesTestServer(serve = {Pod.class, Deployment.class})
class PodTemplateContentValidationTest {

  private static final AtomicInteger NAMES = new AtomicInteger();

  KubernetesTestServer server;

  /** Posts a Pod whose spec is {@code spec} (JSON members) and returns the answer. */
  private RawHttp.Answer pod(String spec) {
    return new RawHttp(server).post("/api/v1/namespaces/default/pods", "{\"apiVersion\":\"v1\",\"kind\":\"Pod\","
        + "\"metadata\":{\"name\":\"p" + NAMES.incrementAndGet() + "\"},\"spec\":{" + spec + "}}");
  }

  /** A Pod with one container {@code main} holding {@code fields} (JSON members) and the pod-level {@code extra}. */
  private RawHttp.Answer container(String fields, String extra) {
    return pod((extra.isEmpty() ? "" : extra + ",") + "\"containers\":[{\"name\":\"main\",\"image\":\"nginx:1.27\""
        + (fields.isEmpty() ? "" : "," + fields) + "}]");
  }

  @Test
  void aValidPodWithEveryPartIsCreated() {
    RawHttp.Answer answer = container("\"env\":[{\"name\":\"my.env-1\",\"value\":\"x\"},{\"name\":\"FROM\","
        + "\"valueFrom\":{\"configMapKeyRef\":{\"name\":\"c\",\"key\":\"k\"}}}],\"volumeMounts\":[{\"name\":\"data\","
        + "\"mountPath\":\"/data\"}],\"livenessProbe\":{\"httpGet\":{\"port\":\"http\"}},\"resources\":{\"requests\":"
        + "{\"cpu\":\"100m\",\"example.com/gpu\":\"1\"},\"limits\":{\"cpu\":\"1\",\"example.com/gpu\":\"1\"}}",
        "\"volumes\":[{\"name\":\"data\",\"emptyDir\":{}}]");

    assertThat(answer.code()).as(answer.body()).isEqualTo(201);
  }

  /** A volume without a source is defaulted to an emptyDir (SetDefaults_Volume), so only two sources are refused. */
  @Test
  void volumesNeedOneSourceAUniqueNameAndTheSourcesRequiredFields() {
    RawHttp.Answer answer = container("", "\"volumes\":[{\"name\":\"none\"},"
        + "{\"name\":\"two\",\"emptyDir\":{},\"configMap\":{\"name\":\"c\"}},"
        + "{\"name\":\"cm\",\"configMap\":{\"defaultMode\":1000,\"items\":[{\"key\":\"k\"}]}},"
        + "{\"name\":\"Bad_Name\",\"secret\":{\"secretName\":\"s\"}},"
        + "{\"name\":\"dup\",\"emptyDir\":{}},{\"name\":\"dup\",\"persistentVolumeClaim\":{}}]");

    assertThat(answer.invalidCauses()).containsExactly(
        "FieldValueForbidden spec.volumes[1].configMap Forbidden: may not specify more than 1 volume type",
        "FieldValueRequired spec.volumes[2].configMap.name Required value",
        "FieldValueInvalid spec.volumes[2].configMap.defaultMode Invalid value: 1000: must be a number between 0 and "
            + "0777 (octal), both inclusive",
        "FieldValueRequired spec.volumes[2].configMap.items[0].path Required value",
        "FieldValueInvalid spec.volumes[3].name Invalid value: \"Bad_Name\": a lowercase RFC 1123 label must consist of "
            + "lower case alphanumeric characters or '-', and must start and end with an alphanumeric character "
            + "(e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
        "FieldValueRequired spec.volumes[5].persistentVolumeClaim.claimName Required value",
        "FieldValueDuplicate spec.volumes[5].name Duplicate value: \"dup\"");
  }

  @Test
  void mountsNameAVolumeWithoutErrorsAtAUniquePath() {
    RawHttp.Answer answer = container("\"volumeMounts\":[{\"name\":\"data\",\"mountPath\":\"/data\"},"
        + "{\"name\":\"missing\",\"mountPath\":\"/data\"},{\"name\":\"broken\",\"mountPath\":\"/b\"},{\"name\":\"data\"}]",
        "\"volumes\":[{\"name\":\"data\",\"emptyDir\":{}},{\"name\":\"broken\",\"configMap\":{}}]");

    assertThat(answer.invalidCauses()).containsExactly(
        "FieldValueRequired spec.volumes[1].configMap.name Required value",
        "FieldValueNotFound spec.containers[0].volumeMounts[1].name Not found: \"missing\"",
        "FieldValueInvalid spec.containers[0].volumeMounts[1].mountPath Invalid value: \"/data\": must be unique",
        "FieldValueNotFound spec.containers[0].volumeMounts[2].name Not found: \"broken\"",
        "FieldValueRequired spec.containers[0].volumeMounts[3].mountPath Required value");
  }

  @Test
  void environmentVariablesNeedAPrintableNameAndOneSource() {
    RawHttp.Answer answer = container("\"env\":[{\"name\":\"A=B\"},{\"value\":\"x\"},"
        + "{\"name\":\"BOTH\",\"value\":\"x\",\"valueFrom\":{\"fieldRef\":{\"fieldPath\":\"metadata.name\"}}},"
        + "{\"name\":\"NONE\",\"valueFrom\":{}},{\"name\":\"TWO\",\"valueFrom\":{\"fieldRef\":{\"fieldPath\":"
        + "\"metadata.name\"},\"secretKeyRef\":{\"name\":\"s\"}}}]", "");

    assertThat(answer.invalidCauses()).containsExactly(
        "FieldValueInvalid spec.containers[0].env[0].name Invalid value: \"A=B\": a valid environment variable name "
            + "must consist only of printable ASCII characters other than '='",
        "FieldValueRequired spec.containers[0].env[1].name Required value",
        "FieldValueInvalid spec.containers[0].env[2].valueFrom Invalid value: \"\": may not be specified when `value` "
            + "is not empty",
        "FieldValueInvalid spec.containers[0].env[3].valueFrom Invalid value: \"\": must specify one of: `fieldRef`, "
            + "`resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`",
        "FieldValueRequired spec.containers[0].env[4].valueFrom.secretKeyRef.key Required value",
        "FieldValueInvalid spec.containers[0].env[4].valueFrom Invalid value: \"\": may not have more than one field "
            + "specified at a time");
  }

  @Test
  void probesAndHooksNeedExactlyOneHandlerAndLivenessASuccessThresholdOfOne() {
    RawHttp.Answer answer = container("\"livenessProbe\":{\"exec\":{\"command\":[\"true\"]},\"tcpSocket\":{\"port\":80},"
        + "\"successThreshold\":2},\"readinessProbe\":{\"periodSeconds\":-1},"
        + "\"startupProbe\":{\"httpGet\":{\"port\":\"Web--\",\"scheme\":\"FTP\"}},"
        + "\"lifecycle\":{\"preStop\":{\"exec\":{}}}", "");

    assertThat(answer.invalidCauses()).containsExactly(
        "FieldValueForbidden spec.containers[0].livenessProbe.tcpSocket Forbidden: may not specify more than 1 handler "
            + "type",
        "FieldValueInvalid spec.containers[0].livenessProbe.successThreshold Invalid value: 2: must be 1",
        "FieldValueRequired spec.containers[0].readinessProbe Required value: must specify a handler type",
        "FieldValueInvalid spec.containers[0].readinessProbe.periodSeconds Invalid value: -1: must be greater than or "
            + "equal to 0",
        "FieldValueInvalid spec.containers[0].startupProbe.httpGet.port Invalid value: \"Web--\": must contain only "
            + "alpha-numeric characters (a-z, 0-9), and hyphens (-)",
        "FieldValueInvalid spec.containers[0].startupProbe.httpGet.port Invalid value: \"Web--\": must not contain "
            + "consecutive hyphens",
        "FieldValueInvalid spec.containers[0].startupProbe.httpGet.port Invalid value: \"Web--\": must not begin or end "
            + "with a hyphen",
        "FieldValueNotSupported spec.containers[0].startupProbe.httpGet.scheme Unsupported value: \"FTP\": supported "
            + "values: \"HTTP\", \"HTTPS\"",
        "FieldValueRequired spec.containers[0].lifecycle.preStop.exec.command Required value");
  }

  @Test
  void initContainersThatAreNotSidecarsMayNotHaveProbes() {
    RawHttp.Answer answer = pod("\"initContainers\":[{\"name\":\"init\",\"image\":\"busybox\",\"readinessProbe\":"
        + "{\"exec\":{\"command\":[\"true\"]}}},{\"name\":\"sidecar\",\"image\":\"envoy\",\"restartPolicy\":\"Always\","
        + "\"readinessProbe\":{\"exec\":{\"command\":[\"true\"]}}}],"
        + "\"containers\":[{\"name\":\"main\",\"image\":\"nginx:1.27\"}]");

    assertThat(answer.invalidCauses()).containsExactly("FieldValueForbidden spec.initContainers[0].readinessProbe "
        + "Forbidden: may not be set for init containers without restartPolicy=Always");
  }

  @Test
  void requestsMayNotExceedLimitsAndExtendedResourcesCannotBeOvercommitted() {
    RawHttp.Answer answer = container("\"resources\":{\"requests\":{\"cpu\":\"2\",\"memory\":\"-1Gi\",\"gpu\":\"1\","
        + "\"example.com/gpu\":\"1\",\"example.com/fpga\":\"500m\"},\"limits\":{\"cpu\":\"1\",\"example.com/gpu\":\"2\"}}",
        "");

    assertThat(answer.invalidCauses()).containsExactly(
        "FieldValueInvalid spec.containers[0].resources.requests Invalid value: \"2\": must be less than or equal to cpu "
            + "limit of 1",
        "FieldValueInvalid spec.containers[0].resources.requests[memory] Invalid value: \"-1Gi\": must be greater than "
            + "or equal to 0",
        "FieldValueInvalid spec.containers[0].resources.requests[gpu] Invalid value: \"gpu\": must be a standard "
            + "resource for containers",
        "FieldValueInvalid spec.containers[0].resources.requests Invalid value: \"1\": must be equal to example.com/gpu "
            + "limit of 2",
        "FieldValueInvalid spec.containers[0].resources.requests[example.com/fpga] Invalid value: \"500m\": must be an "
            + "integer",
        "FieldValueRequired spec.containers[0].resources.limits Required value: Limit must be set for non "
            + "overcommitable resources");
  }

  @Test
  void aWorkloadsSelectorMustBeWellFormed() {
    RawHttp.Answer answer = new RawHttp(server).post("/apis/apps/v1/namespaces/default/deployments",
        "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\"},\"spec\":{\"selector\":"
            + "{\"matchLabels\":{\"app\":\"web\"},\"matchExpressions\":[{\"key\":\"tier\",\"operator\":\"In\"},"
            + "{\"key\":\"zone\",\"operator\":\"Exists\",\"values\":[\"a\"]},{\"key\":\"bad key\",\"operator\":\"Near\"}]},"
            + "\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"name\":\"main\","
            + "\"image\":\"nginx:1.27\"}]}}}}");

    assertThat(answer.invalidCauses()).containsExactly(
        "FieldValueRequired spec.selector.matchExpressions[0].values Required value: must be specified when "
            + "`operator` is 'In' or 'NotIn'",
        "FieldValueForbidden spec.selector.matchExpressions[1].values Forbidden: may not be specified when `operator` "
            + "is 'Exists' or 'DoesNotExist'",
        "FieldValueInvalid spec.selector.matchExpressions[2].operator Invalid value: \"Near\": not a valid selector "
            + "operator",
        "FieldValueInvalid spec.selector.matchExpressions[2].key Invalid value: \"bad key\": name part must consist of "
            + "alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. "
            + "'MyName',  or 'my.name',  or '123-abc', regex used for validation is "
            + "'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
        "FieldValueInvalid spec.selector Invalid value: v1.LabelSelector{MatchLabels:map[string]string{\"app\":\"web\"}, "
            + "MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:\"tier\", Operator:\"In\", "
            + "Values:[]string(nil)}, v1.LabelSelectorRequirement{Key:\"zone\", Operator:\"Exists\", Values:[]string{\"a\"}}, "
            + "v1.LabelSelectorRequirement{Key:\"bad key\", Operator:\"Near\", Values:[]string(nil)}}}: invalid label "
            + "selector");
  }
}
