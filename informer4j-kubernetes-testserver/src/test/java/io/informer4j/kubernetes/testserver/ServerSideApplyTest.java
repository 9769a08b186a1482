package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Server-side apply on the test server over plain HTTP, rule by rule as the API server's field
 * manager applies them (sources in {@link FieldManager}): creation, ownership, conflicts and force,
 * removal of what a manager stops applying, shared ownership, merging of associative lists, the
 * status subresource, and the managed fields of ordinary writes.
 */
@EnableKubernetesTestServer(serve = {ConfigMap.class, Deployment.class}, crds = "crds/gadgets.yaml", perTest = true)
class ServerSideApplyTest {

  private static final String GADGETS = "/apis/example.com/v1/namespaces/default/gadgets";
  private static final String CONFIG_MAPS = "/api/v1/namespaces/default/configmaps";
  private static final String DEPLOYMENTS = "/apis/apps/v1/namespaces/default/deployments";

  KubernetesTestServer server;
  KubernetesClient client;
  private RawHttp http;

  @BeforeEach
  void http() {
    http = new RawHttp(server);
  }

  private RawHttp.Answer apply(String path, String manager, boolean force, String yaml) {
    return http.send("PATCH", path + "?fieldManager=" + manager + (force ? "&force=true" : ""),
        "application/apply-patch+yaml", yaml, null);
  }

  private static String gadget(String spec) {
    return """
        apiVersion: example.com/v1
        kind: Gadget
        metadata:
          name: g
        spec:
        %s""".formatted(spec.indent(2));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(RawHttp.Answer answer) {
    return (Map<String, Object>) answer.json().get("spec");
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> managedFields(RawHttp.Answer answer) {
    return (List<Map<String, Object>>) ((Map<String, Object>) answer.json().get("metadata")).get("managedFields");
  }

  private static Map<String, Object> entry(RawHttp.Answer answer, String manager) {
    return managedFields(answer).stream().filter(e -> e.get("manager").equals(manager)).findFirst().orElseThrow();
  }

  @Test
  void anApplyCreatesTheObjectAndTheManagerOwnsWhatItApplied() {
    RawHttp.Answer created = apply(GADGETS + "/g", "alice", false, gadget("color: red\nsize: 3"));

    assertThat(created.code()).isEqualTo(201);
    assertThat(spec(created)).containsExactly(Map.entry("color", "red"), Map.entry("size", 3));
    assertThat(managedFields(created)).singleElement().satisfies(entry -> {
      assertThat(entry).containsEntry("manager", "alice").containsEntry("operation", "Apply")
          .containsEntry("apiVersion", "example.com/v1").containsEntry("fieldsType", "FieldsV1").containsKey("time");
      assertThat(entry.get("fieldsV1")).isEqualTo(Map.of("f:spec", Map.of("f:color", Map.of(), "f:size", Map.of())));
    });

    RawHttp.Answer again = apply(GADGETS + "/g", "alice", false, gadget("color: red\nsize: 3"));
    assertThat(again.code()).isEqualTo(200);
    assertThat(again.json().get("metadata")).as("an apply that changes nothing writes nothing")
        .isEqualTo(created.json().get("metadata"));
  }

  @Test
  void changingAFieldAnotherManagerOwnsIsAConflictThatForceResolvesByTakingIt() {
    apply(GADGETS + "/g", "alice", false, gadget("color: red\nsize: 3"));

    RawHttp.Answer refused = apply(GADGETS + "/g", "bob", false, gadget("color: blue\nsize: 4"));

    assertThat(refused.code()).isEqualTo(409);
    assertThat(refused.json()).containsEntry("reason", "Conflict").containsEntry("message",
        "Apply failed with 2 conflicts: conflicts with \"alice\":\n- .spec.color\n- .spec.size");
    assertThat(refused.json().get("details")).isEqualTo(Map.of("causes", List.of(
        Map.of("reason", "FieldManagerConflict", "message", "conflict with \"alice\"", "field", ".spec.color"),
        Map.of("reason", "FieldManagerConflict", "message", "conflict with \"alice\"", "field", ".spec.size"))));

    RawHttp.Answer one = apply(GADGETS + "/g", "bob", false, gadget("color: blue"));
    assertThat(one.json().get("message")).isEqualTo("Apply failed with 1 conflict: conflict with \"alice\": .spec.color");

    RawHttp.Answer forced = apply(GADGETS + "/g", "bob", true, gadget("color: blue"));
    assertThat(forced.code()).isEqualTo(200);
    assertThat(spec(forced)).containsEntry("color", "blue").containsEntry("size", 3);
    assertThat(entry(forced, "alice").get("fieldsV1")).isEqualTo(Map.of("f:spec", Map.of("f:size", Map.of())));
    assertThat(entry(forced, "bob").get("fieldsV1")).isEqualTo(Map.of("f:spec", Map.of("f:color", Map.of())));
  }

  @Test
  void aFieldAManagerStopsApplyingGoesUnlessAnotherManagerOwnsItAndEqualValuesAreShared() {
    apply(GADGETS + "/g", "alice", false, gadget("color: red\nsize: 3\nsettings: {a: '1', b: '2'}"));
    RawHttp.Answer shared = apply(GADGETS + "/g", "bob", false, gadget("size: 3"));
    assertThat(shared.code()).as("applying the value a field has shares it").isEqualTo(200);
    assertThat(entry(shared, "bob").get("fieldsV1")).isEqualTo(Map.of("f:spec", Map.of("f:size", Map.of())));

    RawHttp.Answer dropped = apply(GADGETS + "/g", "alice", false, gadget("settings: {a: '1'}"));

    assertThat(spec(dropped)).as("color and settings.b were alice's alone; size is bob's too")
        .isEqualTo(Map.of("size", 3, "settings", Map.of("a", "1")));
    assertThat(entry(dropped, "alice").get("fieldsV1"))
        .isEqualTo(Map.of("f:spec", Map.of("f:settings", Map.of("f:a", Map.of()))));

    RawHttp.Answer empty = apply(GADGETS + "/g", "alice", false, gadget("{}"));
    assertThat(spec(empty)).as("an emptied object goes with its last field").isEqualTo(Map.of("size", 3));
  }

  @Test
  void associativeListsOfACrdMergeByTheirKeysAndSetsByValue() {
    apply(GADGETS + "/g", "alice", false, gadget("""
        ports: [{name: http, port: 80}, {name: https, port: 443}]
        tags: [a, b]
        selector: {app: web, tier: front}"""));

    RawHttp.Answer merged = apply(GADGETS + "/g", "bob", false, gadget("""
        ports: [{name: metrics, port: 9090}]
        tags: [c]"""));

    assertThat(merged.code()).isEqualTo(200);
    assertThat(spec(merged)).containsEntry("ports", List.of(Map.of("name", "http", "port", 80),
        Map.of("name", "https", "port", 443), Map.of("name", "metrics", "port", 9090))).containsEntry("tags", List.of("a", "b", "c"));
    assertThat(entry(merged, "bob").get("fieldsV1")).isEqualTo(Map.of("f:spec", Map.of(
        "f:ports", Map.of("k:{\"name\":\"metrics\"}", Map.of(".", Map.of(), "f:name", Map.of(), "f:port", Map.of())),
        "f:tags", Map.of("v:\"c\"", Map.of()))));

    RawHttp.Answer atomic = apply(GADGETS + "/g", "bob", false, gadget("selector: {app: api}"));
    assertThat(atomic.json().get("message")).as("an atomic map is owned as a whole")
        .isEqualTo("Apply failed with 1 conflict: conflict with \"alice\": .spec.selector");

    RawHttp.Answer removed = apply(GADGETS + "/g", "alice", false, gadget("ports: [{name: http, port: 8080}]"));
    assertThat(spec(removed).get("ports")).isEqualTo(List.of(Map.of("name", "http", "port", 8080),
        Map.of("name", "metrics", "port", 9090)));
    assertThat(spec(removed).get("tags")).isEqualTo(List.of("c"));
  }

  @Test
  void deploymentContainersMergeByNameAndTheirPortsByPortAndProtocol() {
    String deployment = """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - name: web
                image: nginx:1.27
                ports: [{containerPort: 80}]
        """;
    RawHttp.Answer created = apply(DEPLOYMENTS + "/web", "kubectl", false, deployment);
    assertThat(created.code()).isEqualTo(201);
    assertThat(entry(created, "kubectl").get("fieldsV1")).isEqualTo(Map.of("f:spec", Map.of(
        "f:selector", Map.of(),
        "f:template", Map.of("f:metadata", Map.of("f:labels", Map.of("f:app", Map.of())),
            "f:spec", Map.of("f:containers", Map.of("k:{\"name\":\"web\"}", Map.of(".", Map.of(), "f:image", Map.of(),
                "f:name", Map.of(), "f:ports", Map.of("k:{\"containerPort\":80,\"protocol\":\"TCP\"}",
                    Map.of(".", Map.of(), "f:containerPort", Map.of())))))))));

    RawHttp.Answer sidecar = apply(DEPLOYMENTS + "/web", "mesh", false, """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          template:
            spec:
              containers:
              - name: proxy
                image: envoy:1.31
              - name: web
                env: [{name: MESH, value: "on"}]
        """);

    assertThat(sidecar.code()).isEqualTo(200);
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> containers = (List<Map<String, Object>>) ((Map<String, Object>) ((Map<String, Object>)
        spec(sidecar).get("template")).get("spec")).get("containers");
    assertThat(containers).extracting(c -> c.get("name")).containsExactly("proxy", "web");
    assertThat(containers.get(1)).containsEntry("image", "nginx:1.27").containsEntry("env",
        List.of(Map.of("name", "MESH", "value", "on")));
  }

  @Test
  void theStatusIsAppliedThroughItsSubresourceOnlyAndOwnedThere() {
    apply(GADGETS + "/g", "alice", false, gadget("color: red") + "status: {phase: ignored}\n");
    assertThat(http.get(GADGETS + "/g").json()).as("the main resource keeps the stored status").doesNotContainKey("status");

    RawHttp.Answer status = http.send("PATCH", GADGETS + "/g/status?fieldManager=controller",
        "application/apply-patch+yaml", gadget("color: green") + "status: {phase: Ready}\n", null);

    assertThat(status.code()).isEqualTo(200);
    assertThat(status.json().get("status")).isEqualTo(Map.of("phase", "Ready"));
    assertThat(spec(status)).as("a status write changes nothing else").containsEntry("color", "red");
    assertThat(entry(status, "controller")).containsEntry("subresource", "status")
        .containsEntry("fieldsV1", Map.of("f:status", Map.of("f:phase", Map.of())));
    assertThat(http.send("PATCH", GADGETS + "/missing/status?fieldManager=controller", "application/apply-patch+yaml",
        "apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: missing}\n", null).code()).isEqualTo(404);
  }

  @Test
  void plainWritesAreUpdatesOfTheirFieldManagerOrUserAgent() {
    RawHttp.Answer created = http.send("POST", CONFIG_MAPS + "?fieldManager=creator", "application/json",
        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"c\",\"labels\":{\"a\":\"1\"}},\"data\":{\"k\":\"v\"}}",
        null);
    assertThat(managedFields(created)).singleElement().satisfies(entry -> {
      assertThat(entry).containsEntry("manager", "creator").containsEntry("operation", "Update").containsEntry("apiVersion", "v1");
      assertThat(entry.get("fieldsV1")).isEqualTo(Map.of(
          "f:data", Map.of(".", Map.of(), "f:k", Map.of()),
          "f:metadata", Map.of("f:labels", Map.of(".", Map.of(), "f:a", Map.of()))));
    });

    client.configMaps().withName("c").edit(c -> {
      c.getData().put("k", "w");
      return c;
    });

    ConfigMap edited = client.configMaps().withName("c").get();
    assertThat(edited.getMetadata().getManagedFields()).extracting(e -> e.getManager() + " " + e.getOperation())
        .containsExactly("creator Update", "fabric8-kubernetes-client Update");
    assertThat(edited.getMetadata().getManagedFields().get(0).getFieldsV1().getAdditionalProperties())
        .as("the editor took the field it changed").isEqualTo(Map.of(
            "f:data", Map.of(), "f:metadata", Map.of("f:labels", Map.of(".", Map.of(), "f:a", Map.of()))));

    RawHttp.Answer conflict = apply(CONFIG_MAPS + "/c", "kubectl", false,
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {k: x}\n");
    assertThat(conflict.json().get("message")).as("an updater is named with its version")
        .isEqualTo("Apply failed with 1 conflict: conflict with \"fabric8-kubernetes-client\" using v1: .data.k");
  }

  @Test
  void badApplyRequestsGetTheApiServersAnswers() {
    String configMap = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {k: v}\n";
    RawHttp.Answer noManager = http.send("PATCH", CONFIG_MAPS + "/c", "application/apply-patch+yaml", configMap, null);
    assertThat(noManager.code()).isEqualTo(422);
    assertThat(noManager.json().get("message"))
        .isEqualTo("PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply patch");

    assertThat(apply(CONFIG_MAPS + "/c", "m", false, "data: [unclosed").code()).isEqualTo(400);
    assertThat(apply(CONFIG_MAPS + "/c", "m", false, "- a list").json().get("message"))
        .isEqualTo("error decoding patch: json: cannot unmarshal array into Go value of type map[string]interface {}");

    RawHttp.Answer otherKind = apply(CONFIG_MAPS + "/c", "m", false, configMap.replace("ConfigMap", "Secret"));
    assertThat(otherKind.code()).isEqualTo(400);
    assertThat(otherKind.json().get("message")).isEqualTo("invalid object type: /v1, Kind=Secret");

    RawHttp.Answer otherName = apply(CONFIG_MAPS + "/d", "m", false, configMap);
    assertThat(otherName.code()).isEqualTo(400);
    assertThat(otherName.json().get("message")).isEqualTo("the name of the object (c) does not match the name on the URL (d)");

    RawHttp.Answer unknown = apply(CONFIG_MAPS + "/c", "m", false, configMap + "colour: red\n");
    assertThat(unknown.code()).isEqualTo(500);
    assertThat(unknown.json().get("message"))
        .isEqualTo("failed to create typed patch object (/c; /v1, Kind=ConfigMap): .colour: field not declared in schema");

    RawHttp.Answer withManagedFields = apply(CONFIG_MAPS + "/c", "m", false,
        configMap.replace("{name: c}", "{name: c, managedFields: [{manager: x}]}"));
    assertThat(withManagedFields.json().get("message")).isEqualTo("metadata.managedFields must be nil");

    RawHttp.Answer forceOnMergePatch = http.send("PATCH", CONFIG_MAPS + "/c?force=true", "application/merge-patch+json",
        "{}", null);
    assertThat(forceOnMergePatch.code()).isEqualTo(422);
    assertThat(forceOnMergePatch.json().get("message"))
        .isEqualTo("PatchOptions.meta.k8s.io \"\" is invalid: force: Forbidden: may not be specified for non-apply patch");

    server.serve(ResourceType.of(io.informer4j.meta.TypeKey.of("example.com", "v1", "Thing"), "things",
        io.informer4j.meta.Scope.NAMESPACED));
    RawHttp.Answer noSchema = apply("/apis/example.com/v1/namespaces/default/things/t", "m", false,
        "apiVersion: example.com/v1\nkind: Thing\nmetadata: {name: t}\n");
    assertThat(noSchema.code()).isEqualTo(500);
    assertThat(noSchema.json().get("message").toString()).startsWith(
        "failed to create typed patch object (default/t; example.com/v1, Kind=Thing): no corresponding type for example.com/v1, Kind=Thing");
  }

  @Test
  void aJsonBodyIsAppliedAsYamlAndAResourceVersionInItIsAPrecondition() {
    RawHttp.Answer created = apply(CONFIG_MAPS + "/c", "m", false,
        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"c\",\"resourceVersion\":\"1\"},\"data\":{\"k\":\"v\"}}");
    assertThat(created.code()).as("a creation ignores the resourceVersion").isEqualTo(201);

    RawHttp.Answer stale = apply(CONFIG_MAPS + "/c", "m", false,
        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"c\",\"resourceVersion\":\"1\"},\"data\":{\"k\":\"w\"}}");
    assertThat(stale.code()).isEqualTo(409);
    assertThat(stale.json().get("message")).isEqualTo("Operation cannot be fulfilled on configmaps \"c\": the object has "
        + "been modified; please apply your changes to the latest version and try again");
  }
}
