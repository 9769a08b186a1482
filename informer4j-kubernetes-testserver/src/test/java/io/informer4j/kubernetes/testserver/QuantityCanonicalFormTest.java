package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Resource quantities come back in the API server's canonical form (k8s.io/apimachinery/pkg/api/resource/quantity.go
 * CanonicalizeBytes); the cases are those of k8s.io/apimachinery/pkg/api/resource/quantity_test.go
 * (TestQuantityParseEmit, TestQuantityString's alternates, TestQuantityParse's rounding), and a quantity the
 * decoder cannot read is 400 as the API server answers it.
 */
@EnableKubernetesTestServer(serve = Pod.class)
class QuantityCanonicalFormTest {

  KubernetesTestServer server;

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
      "1Ki, 1Ki", "1Mi, 1Mi", "1Gi, 1Gi", "1024Mi, 1Gi", "1000M, 1G", ".001Ki, 1024m", ".000001Ki, 1024u",
      ".000000001Ki, 1024n", ".000000000001Ki, 2n",
      "1000m, 1", "0.5, 500m", "1.5, 1500m", "1.5Gi, 1536Mi", "1e3, 1e3", "1E6, 1e6", "0.001e12, 1e9", "1000e-12, 1e-9",
      "1080m, 1080m", "1.08, 1080m", "1080000000n, 1080m", "300Mi, 300Mi", "307200Ki, 300Mi", "5000m, 5", "0.5Mi, 512Ki",
      "1025024Mi, 1001Gi", "1024Gi, 1Ti", "0.001T, 1G", "1000u, 1m", "1000E, 1e21", "5000E, 5e21", "00, 0", "0Mi, 0",
      "100.035k, 100035", "3.001n, 4n", "0.0000000005, 1n", "-1.5, -1500m", "-1024Mi, -1Gi", "+1Gi, 1Gi", "1., 1",
      "1.G, 1G", ".0001k, 100m", "12E, 12E", "9Ei, 9223372036854775807", "1023Ki, 1023Ki", "500Ki, 500Ki", "1000, 1k", "1234000, 1234k"})
  void canonicalForms(String sent, String canonical) {
    assertThat(Quantities.canonical(sent)).isEqualTo(canonical);
  }

  @ParameterizedTest
  @ValueSource(strings = {"1.1.M", "1+1.0M", "0.1mi", "0.1am", "aoeu", ".5i", "1i", "-3.01i", "-3.01e-", " 1", "1 ", ""})
  void whatIsNoQuantityIsRefused(String sent) {
    assertThatThrownBy(() -> Quantities.canonical(sent)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(Quantities.SYNTAX);
  }

  @Test
  void numbersAreQuantitiesToo() {
    assertThat(Quantities.canonical(2)).isEqualTo("2");
    assertThat(Quantities.canonical(0.25)).isEqualTo("250m");
  }

  @Test
  @SuppressWarnings("unchecked")
  void aPodsResourcesComeBackCanonical() {
    RawHttp.Answer answer = new RawHttp(server).post("/api/v1/namespaces/default/pods", "{\"apiVersion\":\"v1\","
        + "\"kind\":\"Pod\",\"metadata\":{\"name\":\"sized\"},\"spec\":{\"containers\":[{\"name\":\"main\","
        + "\"image\":\"nginx:1.27\",\"resources\":{\"requests\":{\"cpu\":\"0.5\",\"memory\":\"1024Mi\"},"
        + "\"limits\":{\"cpu\":1,\"memory\":\"2e9\",\"ephemeral-storage\":\"1000M\"}}}],"
        + "\"volumes\":[{\"name\":\"scratch\",\"emptyDir\":{\"sizeLimit\":\"2048Mi\"}}]}}");

    assertThat(answer.code()).isEqualTo(201);
    Map<String, Object> spec = (Map<String, Object>) answer.json().get("spec");
    Map<String, Object> resources = (Map<String, Object>)
        ((List<Map<String, Object>>) spec.get("containers")).get(0).get("resources");
    assertThat(resources.get("requests")).as("a limit without a request is its request too (SetDefaults_Pod)")
        .isEqualTo(Map.of("cpu", "500m", "memory", "1Gi", "ephemeral-storage", "1G"));
    assertThat(resources.get("limits")).isEqualTo(Map.of("cpu", "1", "memory", "2e9", "ephemeral-storage", "1G"));
    assertThat(((List<Map<String, Object>>) spec.get("volumes")).get(0).get("emptyDir"))
        .isEqualTo(Map.of("sizeLimit", "2Gi"));
  }

  @Test
  void aQuantityThatCannotBeReadIsABadRequest() {
    RawHttp.Answer answer = new RawHttp(server).post("/api/v1/namespaces/default/pods", "{\"apiVersion\":\"v1\","
        + "\"kind\":\"Pod\",\"metadata\":{\"name\":\"bad\"},\"spec\":{\"containers\":[{\"name\":\"main\","
        + "\"image\":\"nginx:1.27\",\"resources\":{\"requests\":{\"cpu\":\"lots\"}}}]}}");

    assertThat(answer.code()).isEqualTo(400);
    assertThat(answer.json()).containsEntry("reason", "BadRequest").containsEntry("message",
        "Pod in version \"v1\" cannot be handled as a Pod: " + Quantities.SYNTAX);
  }
}
