package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Object metadata as the API server validates and sets it: names per kind and label and annotation
 * syntax and sizes (k8s.io/apimachinery/pkg/api/validation/objectmeta.go, k8s.io/apimachinery/pkg/util/validation/validation.go,
 * kubernetes/pkg/apis/core/validation/validation.go ValidateServiceName), {@code generation} only for the
 * kinds whose registry strategy sets it (kubernetes/pkg/registry/apps/deployment/strategy.go against
 * kubernetes/pkg/registry/core/configmap/strategy.go), {@code resourceVersion} required to replace a custom
 * resource (k8s.io/apiserver/pkg/registry/generic/registry/store.go Update, AllowUnconditionalUpdate), and
 * orphaning deletion (https://kubernetes.io/docs/concepts/architecture/garbage-collection/).
 */
@EnableKubernetesTestServer(serve = {ConfigMap.class, Service.class, Deployment.class}, crds = "crds/gadgets.yaml",
    perTest = true)
class MetadataRulesTest {

  private static final String KEY_ERROR = "name part must consist of alphanumeric characters, '-', '_' or '.', and "
      + "must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used "
      + "for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

  KubernetesClient client;
  KubernetesTestServer server;

  private RawHttp.Answer postConfigMap(String metadataJson) {
    return new RawHttp(server).post("/api/v1/namespaces/default/configmaps",
        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":" + metadataJson + "}");
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> causes(RawHttp.Answer answer) {
    return (List<Map<String, Object>>) ((Map<String, Object>) answer.json().get("details")).get("causes");
  }

  @Test
  void aBadLabelKeyIsInvalidWithTheApiServersMessage() {
    RawHttp.Answer answer = postConfigMap("{\"name\":\"settings\",\"labels\":{\"bad key\":\"v\"}}");

    assertThat(answer.code()).isEqualTo(422);
    assertThat(answer.json()).containsEntry("reason", "Invalid").containsEntry("message",
        "ConfigMap \"settings\" is invalid: metadata.labels: Invalid value: \"bad key\": " + KEY_ERROR);
    assertThat(causes(answer)).containsExactly(Map.of("reason", "FieldValueInvalid", "field", "metadata.labels",
        "message", "Invalid value: \"bad key\": " + KEY_ERROR));
  }

  @Test
  void labelValuesAndPrefixedKeysAreCheckedToo() {
    String longValue = "v".repeat(64);
    RawHttp.Answer answer = postConfigMap("{\"name\":\"settings\",\"labels\":{\"Example.com/tier\":\"web\","
        + "\"app\":\"" + longValue + "\",\"example.com/ok\":\"-bad\"}}");

    assertThat(answer.code()).isEqualTo(422);
    assertThat(causes(answer)).extracting(c -> c.get("field")).containsOnly("metadata.labels");
    assertThat(causes(answer)).extracting(c -> (String) c.get("message")).containsExactly(
        "Invalid value: \"Example.com/tier\": prefix part a lowercase RFC 1123 subdomain must consist of lower case "
            + "alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. "
            + "'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        "Invalid value: \"" + longValue + "\": must be no more than 63 characters",
        "Invalid value: \"-bad\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' "
            + "or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or "
            + "'12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')");
  }

  @Test
  void annotationsOverTheTotalSizeAreTooLong() {
    RawHttp.Answer answer = postConfigMap("{\"name\":\"settings\",\"annotations\":{\"big\":\""
        + "x".repeat(256 * 1024) + "\",\"Mixed.Case/Key\":\"ok\"}}");

    assertThat(answer.code()).isEqualTo(422);
    assertThat(causes(answer)).containsExactly(Map.of("reason", "FieldValueTooLong", "field", "metadata.annotations",
        "message", "Too long: may not be more than 262144 bytes"));
  }

  @Test
  void anUpdateIsValidatedLikeACreate() {
    client.resource(new ConfigMapBuilder().withNewMetadata().withName("settings").endMetadata().build()).create();

    RawHttp.Answer answer = new RawHttp(server).send("PUT", "/api/v1/namespaces/default/configmaps/settings",
        "application/json", "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"settings\","
            + "\"labels\":{\"a/b/c\":\"v\"}}}", null);

    assertThat(answer.code()).isEqualTo(422);
    assertThat((String) causes(answer).get(0).get("message")).startsWith("Invalid value: \"a/b/c\": a qualified name ");
  }

  @Test
  void aServiceNameIsADns1035Label() {
    RawHttp.Answer answer = new RawHttp(server).post("/api/v1/namespaces/default/services",
        "{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":{\"name\":\"1web\"},\"spec\":{\"ports\":[{\"port\":80}]}}");

    assertThat(answer.code()).isEqualTo(422);
    assertThat(answer.json().get("message")).isEqualTo("Service \"1web\" is invalid: metadata.name: Invalid value: "
        + "\"1web\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic "
        + "character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation "
        + "is '[a-z]([-a-z0-9]*[a-z0-9])?')");
  }

  @Test
  void onlyKindsWithAGenerationGetOneAndASpecChangeBumpsIt() {
    ConfigMap configMap = client.resource(new ConfigMapBuilder().withNewMetadata().withName("settings").endMetadata()
        .addToData("k", "v").build()).create();
    ConfigMap changed = client.resource(new ConfigMapBuilder(configMap).addToData("k", "w").build()).update();
    Deployment deployment = client.resource(new DeploymentBuilder().withNewMetadata().withName("web").endMetadata()
        .withNewSpec().withReplicas(1).withNewSelector().addToMatchLabels("app", "web").endSelector()
        .withNewTemplate().withNewMetadata().addToLabels("app", "web").endMetadata().withNewSpec().addNewContainer()
        .withName("web").withImage("nginx:1.27").endContainer().endSpec().endTemplate().endSpec().build()).create();
    Deployment relabelled = client.apps().deployments().withName("web")
        .edit(d -> new DeploymentBuilder(d).editMetadata().addToLabels("tier", "web").endMetadata().build());
    Deployment scaled = client.apps().deployments().withName("web")
        .edit(d -> new DeploymentBuilder(d).editSpec().withReplicas(3).endSpec().build());

    assertThat(configMap.getMetadata().getGeneration()).isNull();
    assertThat(changed.getMetadata().getGeneration()).isNull();
    assertThat(deployment.getMetadata().getGeneration()).isEqualTo(1L);
    assertThat(relabelled.getMetadata().getGeneration()).isEqualTo(1L);
    assertThat(scaled.getMetadata().getGeneration()).isEqualTo(2L);
    assertThat(client.namespaces().withName("default").get().getMetadata().getGeneration()).isNull();
  }

  @Test
  void replacingACustomResourceNeedsAResourceVersion() {
    RawHttp http = new RawHttp(server);
    String gadget = "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Gadget\",\"metadata\":{\"name\":\"g\"},\"spec\":{}}";
    assertThat(http.post("/apis/example.com/v1/namespaces/default/gadgets", gadget).code()).isEqualTo(201);

    RawHttp.Answer answer = http.send("PUT", "/apis/example.com/v1/namespaces/default/gadgets/g", "application/json",
        gadget, null);

    assertThat(answer.code()).isEqualTo(422);
    assertThat(answer.json().get("message")).isEqualTo(
        "Gadget.example.com \"g\" is invalid: metadata.resourceVersion: Invalid value: 0x0: must be specified for an update");
  }

  @Test
  void anOrphaningDeleteRemovesTheOwnerReferencesFromTheDependents() {
    ConfigMap owner = client.resource(new ConfigMapBuilder().withNewMetadata().withName("owner").endMetadata().build())
        .create();
    client.resource(new ConfigMapBuilder().withNewMetadata().withName("child").addNewOwnerReference().withApiVersion("v1")
        .withKind("ConfigMap").withName("owner").withUid(owner.getMetadata().getUid()).endOwnerReference()
        .addNewOwnerReference().withApiVersion("v1").withKind("ConfigMap").withName("other").withUid("other-uid")
        .endOwnerReference().endMetadata().build()).create();

    client.resource(owner).withPropagationPolicy(DeletionPropagation.ORPHAN).delete();

    await().atMost(Duration.ofSeconds(10)).until(() -> client.configMaps().withName("child").get().getMetadata()
        .getOwnerReferences().size() == 1);
    assertThat(client.configMaps().withName("child").get().getMetadata().getOwnerReferences())
        .extracting(r -> r.getUid()).containsExactly("other-uid");
  }
}
