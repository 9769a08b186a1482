package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.informer4j.meta.TypeKey;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link KubernetesTestServer#skipValidation}: the objects of the types named are written without the
 * checks of their CRD's schema and CEL rules or of their built-in kind's content rules (which the API server always makes:
 * https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions/#validation),
 * still defaulted; other types are validated as before.
 */
@EnableKubernetesTestServer(crds = {"crds/cel-scalers.yaml", "crds/validated-widgets.yaml"}, serve = Deployment.class,
    perTest = true)
class SkipValidationTest {

  private static final String SCALERS = "/apis/example.com/v1/namespaces/default/scalers";
  private static final String WIDGETS = "/apis/example.com/v1/namespaces/default/widgets";

  KubernetesTestServer server;

  private RawHttp.Answer create(String path, String kind, String name, String specJson) {
    return new RawHttp(server).post(path, "{\"apiVersion\":\"example.com/v1\",\"kind\":\"" + kind + "\","
        + "\"metadata\":{\"name\":\"" + name + "\"},\"spec\":" + specJson + "}");
  }

  @Test
  void aTypeWithoutValidationTakesWhatItsSchemaAndRulesRefuseAndIsStillDefaulted() {
    server.skipValidation(TypeKey.of("example.com", "v1", "Widget"), TypeKey.of("example.com", "v1", "Scaler"));

    RawHttp.Answer widget = create(WIDGETS, "Widget", "w", "{\"color\":\"green\",\"name\":\"TooLongName\"}");
    RawHttp.Answer scaler = create(SCALERS, "Scaler", "t", "{\"minReplicas\":5,\"maxReplicas\":3}");

    assertThat(widget.code()).isEqualTo(201);
    assertThat(widget.json().get("spec")).isEqualTo(Map.of("color", "green", "name", "TooLongName", "size", 3,
        "mode", Map.of("level", "normal")));
    assertThat(scaler.code()).isEqualTo(201);
    assertThat(new RawHttp(server).send("PATCH", SCALERS + "/t", "application/merge-patch+json",
        "{\"spec\":{\"storageClass\":\"x\"}}", null).code()).isEqualTo(200);
    assertThat(new RawHttp(server).send("PATCH", SCALERS + "/t", "application/merge-patch+json",
        "{\"spec\":{\"storageClass\":\"y\"}}", null).code()).isEqualTo(200);
  }

  @Test
  void theOtherTypesAndTheMetadataAreStillValidated() {
    server.skipValidation(TypeKey.of("example.com", "v1", "Widget"));

    assertThat(create(SCALERS, "Scaler", "s", "{\"minReplicas\":5,\"maxReplicas\":3}").invalidCauses()).containsExactly(
        "FieldValueInvalid spec Invalid value: \"object\": minReplicas must not exceed maxReplicas");
    assertThat(create(WIDGETS, "Widget", "Bad_Name", "{\"color\":\"red\"}").code()).isEqualTo(422);
  }

  @Test
  void aBuiltInKindWithoutValidationTakesADeploymentWithoutSelectorAndStillDefaultsIt() {
    String deployments = "/apis/apps/v1/namespaces/default/deployments";
    String body = "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\"},"
        + "\"spec\":{\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}},"
        + "\"spec\":{\"containers\":[{\"name\":\"web\",\"image\":\"nginx\"}]}}}}";
    assertThat(new RawHttp(server).post(deployments, body).code()).isEqualTo(422);

    server.skipValidation(TypeKey.of("apps", "v1", "Deployment"));
    RawHttp.Answer lenient = new RawHttp(server).post(deployments, body);

    assertThat(lenient.code()).isEqualTo(201);
    @SuppressWarnings("unchecked")
    Map<String, Object> spec = (Map<String, Object>) lenient.json().get("spec");
    assertThat(spec).containsEntry("replicas", 1).containsEntry("revisionHistoryLimit", 10)
        .containsEntry("progressDeadlineSeconds", 600);
  }
}
