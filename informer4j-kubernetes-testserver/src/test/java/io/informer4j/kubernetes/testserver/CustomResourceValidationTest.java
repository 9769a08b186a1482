package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Custom resources validated and defaulted by their CRD's structural schema, with the messages the
 * API server gives (k8s.io/apiextensions-apiserver/pkg/apiserver/validation/validation.go over
 * k8s.io/kube-openapi/pkg/validation/validate; defaulting and nullable:
 * https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions/#defaulting).
 */
@EnableKubernetesTestServer(crds = "crds/validated-widgets.yaml", perTest = true)
class CustomResourceValidationTest {

  private static final String WIDGETS = "/apis/example.com/v1/namespaces/default/widgets";

  KubernetesTestServer server;

  private RawHttp.Answer create(String specJson) {
    return new RawHttp(server).post(WIDGETS, "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Widget\","
        + "\"metadata\":{\"name\":\"w\"},\"spec\":" + specJson + "}");
  }

  @Test
  void aValidWidgetGetsItsDefaultsAndLosesItsNonNullableNulls() {
    RawHttp.Answer answer = create("{\"color\":\"red\",\"port\":\"http\",\"note\":null,\"label\":null,"
        + "\"extra\":{\"anything\":[1,\"two\"]}}");

    assertThat(answer.code()).isEqualTo(201);
    @SuppressWarnings("unchecked")
    Map<String, Object> spec = (Map<String, Object>) answer.json().get("spec");
    assertThat(spec).containsEntry("note", null).doesNotContainKey("label").containsEntry("size", 3)
        .containsEntry("mode", Map.of("level", "normal")).containsEntry("port", "http")
        .containsEntry("extra", Map.of("anything", List.of(1, "two")));
  }

  @Test
  void typesRequiredFieldsAndEnumsAreCheckedAsTheApiServerChecksThem() {
    assertThat(create("{\"size\":\"big\",\"port\":true}").invalidCauses()).containsExactlyInAnyOrder(
        "FieldValueRequired spec.color Required value",
        "FieldValueInvalid spec.size Invalid value: \"string\": spec.size in body must be of type integer: \"string\"",
        "FieldValueInvalid spec.port Invalid value: \"boolean\": spec.port in body must be of type integer-or-string: "
            + "\"boolean\"");
    assertThat(create("{\"color\":\"green\"}").invalidCauses()).containsExactly(
        "FieldValueNotSupported spec.color Unsupported value: \"green\": supported values: \"red\", \"blue\"");
  }

  @Test
  void boundsLengthsPatternsFormatsAndItemCountsAreChecked() {
    assertThat(create("{\"color\":\"red\",\"size\":11,\"name\":\"Toolong\",\"since\":\"yesterday\","
        + "\"tags\":[\"a\",\"b\",\"c\"]}").invalidCauses()).containsExactlyInAnyOrder(
        "FieldValueInvalid spec.size Invalid value: 11: spec.size in body should be less than or equal to 10",
        "FieldValueTooLong spec.name Too long: may not be more than 5 bytes",
        "FieldValueInvalid spec.name Invalid value: \"Toolong\": spec.name in body should match '^[a-z]+$'",
        "FieldValueInvalid spec.since Invalid value: \"yesterday\": spec.since in body must be of type date-time: "
            + "\"yesterday\"",
        "FieldValueTooMany spec.tags Too many: 3: must have at most 2 items");
    assertThat(create("{\"color\":\"red\",\"size\":0,\"name\":\"a\"}").invalidCauses()).containsExactlyInAnyOrder(
        "FieldValueInvalid spec.size Invalid value: 0: spec.size in body should be greater than or equal to 1",
        "FieldValueInvalid spec.name Invalid value: \"a\": spec.name in body should be at least 2 chars long");
  }

  @Test
  void theMessageNamesTheKindAndGroup() {
    RawHttp.Answer answer = create("{\"color\":\"green\"}");

    assertThat(answer.json().get("message")).isEqualTo("Widget.example.com \"w\" is invalid: spec.color: Unsupported "
        + "value: \"green\": supported values: \"red\", \"blue\"");
  }

  @Test
  void anUpdateIsValidatedToo() {
    RawHttp http = new RawHttp(server);
    Map<String, Object> created = create("{\"color\":\"red\"}").json();
    String resourceVersion = (String) ((Map<?, ?>) created.get("metadata")).get("resourceVersion");

    RawHttp.Answer answer = http.send("PUT", WIDGETS + "/w", "application/json", "{\"apiVersion\":\"example.com/v1\","
        + "\"kind\":\"Widget\",\"metadata\":{\"name\":\"w\",\"resourceVersion\":\"" + resourceVersion + "\"},"
        + "\"spec\":{\"color\":\"red\",\"size\":99}}", null);

    assertThat(answer.invalidCauses()).containsExactly(
        "FieldValueInvalid spec.size Invalid value: 99: spec.size in body should be less than or equal to 10");
  }
}
