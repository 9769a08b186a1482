package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code dryRun=All} on every write: checked, defaulted and answered as the write would be, nothing
 * stored, no resourceVersion used up (so no watch event), as the API server's dry run does
 * (k8s.io/apiserver pkg/registry/generic/registry/dryrun.go; the values ValidateDryRun allows,
 * k8s.io/apimachinery pkg/apis/meta/v1/validation; https://kubernetes.io/docs/reference/using-api/api-concepts/#dry-run).
 */
@EnableKubernetesTestServer(serve = ConfigMap.class)
class DryRunTest {

  private static final String CONFIGMAPS = "/api/v1/namespaces/default/configmaps";

  KubernetesTestServer server;

  private static String configMap(String name, String value) {
    return "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\"},\"data\":{\"k\":\""
        + value + "\"}}";
  }

  private String listResourceVersion(RawHttp http) {
    return (String) ((Map<?, ?>) http.get(CONFIGMAPS).json().get("metadata")).get("resourceVersion");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> metadata(RawHttp.Answer answer) {
    return (Map<String, Object>) answer.json().get("metadata");
  }

  @Test
  void aDryRunCreateIsAnsweredAsCreatedButNotStored() {
    RawHttp http = new RawHttp(server);
    String before = listResourceVersion(http);

    RawHttp.Answer created = http.post(CONFIGMAPS + "?dryRun=All", configMap("dry", "v"));

    assertThat(created.code()).isEqualTo(201);
    assertThat(metadata(created)).containsKeys("uid", "creationTimestamp").doesNotContainKey("resourceVersion");
    assertThat(http.get(CONFIGMAPS + "/dry").code()).isEqualTo(404);
    assertThat(listResourceVersion(http)).isEqualTo(before);
    assertThat(http.post(CONFIGMAPS + "?dryRun=All", configMap("Bad_Name", "v")).code()).isEqualTo(422);
  }

  @Test
  void dryRunUpdatesPatchesAppliesAndDeletesLeaveTheStoredObject() {
    RawHttp http = new RawHttp(server);
    String resourceVersion = (String) metadata(http.post(CONFIGMAPS, configMap("kept", "v1"))).get("resourceVersion");
    String before = listResourceVersion(http);

    RawHttp.Answer patched = http.send("PATCH", CONFIGMAPS + "/kept?dryRun=All", "application/merge-patch+json",
        "{\"data\":{\"k\":\"v2\"}}", null);
    RawHttp.Answer updated = http.send("PUT", CONFIGMAPS + "/kept?dryRun=All", "application/json",
        configMap("kept", "v3"), null);
    RawHttp.Answer applied = http.send("PATCH", CONFIGMAPS + "/applied?dryRun=All&fieldManager=test",
        "application/apply-patch+yaml", configMap("applied", "v4"), null);
    RawHttp.Answer deleted = http.send("DELETE", CONFIGMAPS + "/kept?dryRun=All", null, null, null);

    assertThat(patched.code()).isEqualTo(200);
    assertThat(patched.json().get("data")).isEqualTo(Map.of("k", "v2"));
    assertThat(metadata(patched)).containsEntry("resourceVersion", resourceVersion);
    assertThat(updated.code()).isEqualTo(200);
    assertThat(updated.json().get("data")).isEqualTo(Map.of("k", "v3"));
    assertThat(applied.code()).isEqualTo(201);
    assertThat(deleted.code()).isEqualTo(200);
    assertThat(http.get(CONFIGMAPS + "/kept").json().get("data")).isEqualTo(Map.of("k", "v1"));
    assertThat(http.get(CONFIGMAPS + "/applied").code()).isEqualTo(404);
    assertThat(listResourceVersion(http)).isEqualTo(before);
  }

  @Test
  void aDryRunOtherThanAllIsRefused() {
    RawHttp http = new RawHttp(server);

    RawHttp.Answer refused = http.post(CONFIGMAPS + "?dryRun=Some", configMap("never", "v"));

    assertThat(refused.invalidCauses()).containsExactly(
        "FieldValueNotSupported dryRun Unsupported value: \"Some\": supported values: \"All\"");
    assertThat(refused.json().get("message")).isEqualTo("CreateOptions.meta.k8s.io \"\" is invalid: dryRun: "
        + "Unsupported value: \"Some\": supported values: \"All\"");
  }
}
