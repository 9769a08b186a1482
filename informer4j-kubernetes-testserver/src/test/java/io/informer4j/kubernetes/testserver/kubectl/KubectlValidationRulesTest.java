package io.informer4j.kubernetes.testserver.kubectl;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.kubernetes.testserver.EnableKubernetesTestServer;
import org.junit.jupiter.api.Test;

/**
 * kubectl against a CRD's {@code x-kubernetes-validations} rules, also on a server-side dry run. The API server answers 422 Invalid
 * with a cause per failing rule (k8s.io/apiextensions-apiserver pkg/apiserver/schema/cel/validation.go,
 * v1.32) and kubectl prints it as its StandardErrorMessage does (k8s.io/kubectl pkg/cmd/util/helpers.go):
 * {@code The <Kind> "<name>" is invalid: <field>: <error>}.
 */
@EnableKubernetesTestServer(crds = "crds/cel-scalers.yaml")
class KubectlValidationRulesTest extends KubectlSuite {

  private static final String SCALER = "apiVersion: example.com/v1\nkind: Scaler\nmetadata: {name: %s}\n"
      + "spec: {minReplicas: %d, maxReplicas: 3, storageClass: fast}\n";

  @Test
  void showsTheMessageOfAFailingRule() {
    Kubectl.Result crossField = kubectl.withInput(SCALER.formatted("s-cross", 5), "create", "-f", "-");

    assertThat(crossField.exitCode()).isEqualTo(1);
    assertThat(crossField.err()).isEqualTo("The Scaler \"s-cross\" is invalid: spec: Invalid value: \"object\": "
        + "minReplicas must not exceed maxReplicas\n");
  }

  @Test
  void refusesChangingAnImmutableField() {
    assertThat(kubectl.withInput(SCALER.formatted("s-immutable", 1), "apply", "-f", "-").ok())
        .isEqualTo("scaler.example.com/s-immutable created\n");

    Kubectl.Result changed = kubectl.run("patch", "scaler", "s-immutable", "--type=merge", "-p",
        "{\"spec\":{\"storageClass\":\"slow\"}}");

    assertThat(changed.exitCode()).isEqualTo(1);
    assertThat(changed.err()).isEqualTo("The Scaler \"s-immutable\" is invalid: spec.storageClass: Invalid value: "
        + "\"string\": Value is immutable\n");
  }

  @Test
  void checksButDoesNotStoreAServerSideDryRun() {
    // kubectl create --dry-run=server sends dryRun=All and adds " (server dry run)" (k8s.io/kubectl
    // pkg/cmd/create/create.go); the API server checks the rules and stores nothing.
    assertThat(kubectl.withInput(SCALER.formatted("s-dry", 1), "create", "--dry-run=server", "-f", "-").ok())
        .isEqualTo("scaler.example.com/s-dry created (server dry run)\n");
    assertThat(kubectl.run("get", "scaler", "s-dry").err())
        .isEqualTo("Error from server (NotFound): scalers.example.com \"s-dry\" not found\n");

    Kubectl.Result refused = kubectl.withInput(SCALER.formatted("s-dry", 5), "create", "--dry-run=server", "-f", "-");

    assertThat(refused.err()).isEqualTo("The Scaler \"s-dry\" is invalid: spec: Invalid value: \"object\": "
        + "minReplicas must not exceed maxReplicas\n");
  }

  @Test
  void refusesACrdWhoseRuleDoesNotCompile() {
    String crd = """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: gauges.example.com}
        spec:
          group: example.com
          scope: Namespaced
          names: {kind: Gauge, plural: gauges}
          versions:
          - name: v1
            served: true
            storage: true
            schema:
              openAPIV3Schema:
                type: object
                properties:
                  spec:
                    type: object
                    x-kubernetes-validations: [{rule: "self.replicas2 > 0"}]
                    properties: {replicas: {type: integer}}
        """;

    Kubectl.Result refused = kubectl.withInput(crd, "create", "-f", "-");

    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err()).isEqualTo("The CustomResourceDefinition \"gauges.example.com\" is invalid: "
        + "spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: "
        + "apiextensions.ValidationRule{Rule:\"self.replicas2 > 0\", Message:\"\", MessageExpression:\"\", "
        + "Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:\"\", OptionalOldSelf:(*bool)(nil)}: "
        + "compilation failed: ERROR: <input>:1:5: undefined field 'replicas2'\n | self.replicas2 > 0\n | ....^\n");
  }
}
