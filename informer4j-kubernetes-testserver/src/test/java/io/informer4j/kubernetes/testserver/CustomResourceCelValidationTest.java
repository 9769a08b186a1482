package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Custom resources checked by their CRD's {@code x-kubernetes-validations} CEL rules, with the
 * answers the API server gives: the rules' forms and their errors as
 * https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions/#validation-rules
 * describes them, worded as k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/validation.go
 * words them (the value shown is the node's schema type; a root rule's field is {@code <nil>}), and a
 * rule that does not compile refused with the CRD as pkg/apis/apiextensions/validation/validation.go refuses it.
 */
@EnableKubernetesTestServer(crds = "crds/cel-scalers.yaml")
class CustomResourceCelValidationTest {

  private static final String SCALERS = "/apis/example.com/v1/namespaces/default/scalers";
  private static final String VALID_SPEC = "{\"minReplicas\":1,\"maxReplicas\":3,\"storageClass\":\"fast\"}";

  KubernetesTestServer server;

  private RawHttp.Answer create(String name, String specJson) {
    return new RawHttp(server).post(SCALERS, "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Scaler\","
        + "\"metadata\":{\"name\":\"" + name + "\"},\"spec\":" + specJson + "}");
  }

  private RawHttp.Answer patch(String name, String specJson) {
    return new RawHttp(server).send("PATCH", SCALERS + "/" + name, "application/merge-patch+json",
        "{\"spec\":" + specJson + "}", null);
  }

  @Test
  void anImmutableFieldMayBeSetOnCreateAndKeptButNotChanged() {
    assertThat(create("s0-1", VALID_SPEC).code()).isEqualTo(201);

    RawHttp.Answer changed = patch("s0-1", "{\"storageClass\":\"slow\"}");

    assertThat(changed.invalidCauses()).containsExactly(
        "FieldValueInvalid spec.storageClass Invalid value: \"string\": Value is immutable");
    assertThat(changed.json().get("message")).isEqualTo(
        "Scaler.example.com \"s0-1\" is invalid: spec.storageClass: Invalid value: \"string\": Value is immutable");
    assertThat(patch("s0-1", "{\"storageClass\":\"fast\",\"minReplicas\":2}").code()).isEqualTo(200);
  }

  @Test
  void aTransitionRuleIsSkippedWhereThereIsNoOldValue() {
    assertThat(create("s1-1", "{\"minReplicas\":1,\"maxReplicas\":3}").code()).isEqualTo(201);

    assertThat(patch("s1-1", "{\"storageClass\":\"slow\"}").code()).isEqualTo(200);
  }

  /**
   * Validation ratcheting (KEP-4008, CRDValidationRatcheting, on since 1.28; {@code shouldRatchetError}
   * in validation.go): a rule without {@code oldSelf} failing on a value the update left unchanged is a
   * warning; on a changed value, or a transition rule, it is still an error.
   */
  @Test
  void aRuleFailingOnAnUnchangedValueOnlyWarns() {
    server.api().create(TypeKey.of("example.com", "v1", "Scaler"), SimObject.of("default", "s-old")
        .withContentAt("spec", Map.of("minReplicas", 1, "maxReplicas", 3,
            "ports", List.of(Map.of("name", "http", "port", 0)))));

    RawHttp.Answer untouched = patch("s-old", "{\"maxReplicas\":4}");
    assertThat(untouched.code()).as(untouched.body()).isEqualTo(200);
    assertThat(untouched.warnings()).containsExactly(
        "299 - \"spec.ports[0]: Invalid value: \\\"object\\\": a port is between 1 and 65535\"");

    RawHttp.Answer changed = patch("s-old", "{\"ports\":[{\"name\":\"http\",\"port\":70000}]}");
    assertThat(changed.invalidCauses()).containsExactly(
        "FieldValueInvalid spec.ports[0] Invalid value: \"object\": a port is between 1 and 65535",
        "FieldValueInvalid spec.ports[0] Invalid value: \"object\": a named port keeps its number");
  }

  @Test
  void aCrossFieldRuleAtSpecNamesSpec() {
    assertThat(create("s2-1", "{\"minReplicas\":5,\"maxReplicas\":3}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec Invalid value: \"object\": minReplicas must not exceed maxReplicas");
  }

  @Test
  void aMessageExpressionWritesTheMessage() {
    assertThat(create("s3-1", "{\"minReplicas\":1,\"maxReplicas\":200}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec Invalid value: \"object\": maxReplicas is 200, at most 100 is allowed");
  }

  @Test
  void theReasonAndFieldPathPlaceAndTypeTheError() {
    assertThat(create("s4-1", "{\"minReplicas\":1,\"maxReplicas\":3,\"mode\":\"legacy\"}").invalidCauses()).containsExactly(
        "FieldValueForbidden spec.mode Forbidden: the legacy mode is no longer supported");
    assertThat(create("s4-2", "{\"minReplicas\":1,\"maxReplicas\":3,\"hosts\":[\"a.example.com\"]}").invalidCauses())
        .containsExactly("FieldValueDuplicate spec.hosts Duplicate value: \"array\"");
  }

  @Test
  void aRuleOnTheRootNamesNoField() {
    assertThat(create("t1", VALID_SPEC).invalidCauses()).containsExactly(
        "FieldValueInvalid <nil> Invalid value: \"object\": the name must start with s");
  }

  @Test
  void aRuntimeErrorIsAnInvalidCause() {
    assertThat(create("s6-1", "{\"minReplicas\":1}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec Invalid value: \"object\": no such key: maxReplicas evaluating rule: minReplicas must "
            + "not exceed maxReplicas",
        "FieldValueInvalid spec Invalid value: \"object\": no such key: maxReplicas evaluating rule: self.maxReplicas <= 100");
  }

  @Test
  void anOptionalOldSelfRuleRunsOnCreateToo() {
    assertThat(create("s7-1", "{\"minReplicas\":1,\"maxReplicas\":3,\"tier\":\"gold\"}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec.tier Invalid value: \"string\": a scaler cannot start in the gold tier");
    assertThat(create("s7-2", "{\"minReplicas\":1,\"maxReplicas\":3,\"tier\":\"silver\"}").code()).isEqualTo(201);

    assertThat(patch("s7-2", "{\"tier\":\"gold\"}").code()).isEqualTo(200);
  }

  @Test
  void rulesOnListItemsAndMapValuesNameTheItem() {
    assertThat(create("s8-1", "{\"minReplicas\":1,\"maxReplicas\":3,\"ports\":[{\"name\":\"http\",\"port\":80},"
        + "{\"name\":\"bad\",\"port\":70000}],\"limits\":{\"cpu\":2,\"memory\":-1},"
        + "\"hosts\":[\"www.example.com\",\"api.example.com\"]}").invalidCauses()).containsExactlyInAnyOrder(
        "FieldValueInvalid spec.ports[1] Invalid value: \"object\": a port is between 1 and 65535",
        "FieldValueInvalid spec.limits[memory] Invalid value: \"integer\": a limit is not negative",
        "FieldValueInvalid spec.hosts Invalid value: \"array\": hosts are sorted names under example.com");
  }

  @Test
  void aMapListItemIsComparedWithTheOldItemOfTheSameKey() {
    assertThat(create("s9-1", "{\"minReplicas\":1,\"maxReplicas\":3,\"ports\":[{\"name\":\"http\",\"port\":80}]}").code())
        .isEqualTo(201);

    assertThat(patch("s9-1", "{\"ports\":[{\"name\":\"https\",\"port\":443},{\"name\":\"http\",\"port\":80}]}").code())
        .isEqualTo(200);
    assertThat(patch("s9-1", "{\"ports\":[{\"name\":\"https\",\"port\":443},{\"name\":\"http\",\"port\":8080}]}").invalidCauses())
        .containsExactly("FieldValueInvalid spec.ports[1] Invalid value: \"object\": a named port keeps its number");
  }

  @Test
  void aRuleThatDoesNotCompileRefusesTheCrd() {
    RawHttp http = new RawHttp(server);
    String crd = "{\"apiVersion\":\"apiextensions.k8s.io/v1\",\"kind\":\"CustomResourceDefinition\","
        + "\"metadata\":{\"name\":\"gauges.example.com\"},\"spec\":{\"group\":\"example.com\",\"scope\":\"Namespaced\","
        + "\"names\":{\"kind\":\"Gauge\",\"plural\":\"gauges\"},\"versions\":[{\"name\":\"v1\",\"served\":true,"
        + "\"storage\":true,\"schema\":{\"openAPIV3Schema\":{\"type\":\"object\",\"properties\":{\"spec\":{"
        + "\"type\":\"object\",\"x-kubernetes-validations\":[{\"rule\":\"self.replicas2 > 0\"},"
        + "{\"rule\":\"self.replicas == 'one'\",\"message\":\"m\"}],"
        + "\"properties\":{\"replicas\":{\"type\":\"integer\"}}}}}}}]}}";

    RawHttp.Answer answer = http.post("/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd);

    String rules = "spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations";
    assertThat(answer.invalidCauses()).containsExactly(
        "FieldValueInvalid " + rules + "[0].rule Invalid value: apiextensions.ValidationRule{Rule:\"self.replicas2 > 0\", "
            + "Message:\"\", MessageExpression:\"\", Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:\"\", "
            + "OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:5: undefined field 'replicas2'\n"
            + " | self.replicas2 > 0\n | ....^",
        "FieldValueInvalid " + rules + "[1].rule Invalid value: apiextensions.ValidationRule{Rule:\"self.replicas == "
            + "'one'\", Message:\"m\", MessageExpression:\"\", Reason:(*apiextensions.FieldValueErrorReason)(nil), "
            + "FieldPath:\"\", OptionalOldSelf:(*bool)(nil)}: compilation failed: ERROR: <input>:1:15: found no matching "
            + "overload for '_==_' applied to '(int, string)'\n | self.replicas == 'one'\n | ..............^");
    assertThat(http.get("/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gauges.example.com").code())
        .isEqualTo(404);
  }

  @Test
  void anUnsupportedReasonAndATransitionRuleWithinAnUncorrelatedListRefuseTheCrd() {
    String crd = "{\"apiVersion\":\"apiextensions.k8s.io/v1\",\"kind\":\"CustomResourceDefinition\","
        + "\"metadata\":{\"name\":\"meters.example.com\"},\"spec\":{\"group\":\"example.com\",\"scope\":\"Namespaced\","
        + "\"names\":{\"kind\":\"Meter\",\"plural\":\"meters\"},\"versions\":[{\"name\":\"v1\",\"served\":true,"
        + "\"storage\":true,\"schema\":{\"openAPIV3Schema\":{\"type\":\"object\",\"properties\":{\"spec\":{"
        + "\"type\":\"array\",\"items\":{\"type\":\"string\",\"x-kubernetes-validations\":[{\"rule\":\"self == oldSelf\","
        + "\"reason\":\"Wrong\"},{\"rule\":\"self == oldSelf\"}]}}}}}}]}}";

    RawHttp.Answer answer = new RawHttp(server).post("/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd);

    String rules = "spec.validation.openAPIV3Schema.properties[spec].items.x-kubernetes-validations";
    assertThat(answer.invalidCauses()).containsExactly(
        "FieldValueNotSupported " + rules + "[0].reason Unsupported value: \"Wrong\": supported values: "
            + "\"FieldValueDuplicate\", \"FieldValueForbidden\", \"FieldValueInvalid\", \"FieldValueRequired\"",
        "FieldValueInvalid " + rules + "[1].rule Invalid value: \"self == oldSelf\": oldSelf cannot be used on the "
            + "uncorrelatable portion of the schema within spec.validation.openAPIV3Schema.properties[spec].items");
  }
}
