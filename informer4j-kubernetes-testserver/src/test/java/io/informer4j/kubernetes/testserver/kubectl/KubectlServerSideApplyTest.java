package io.informer4j.kubernetes.testserver.kubectl;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.informer4j.kubernetes.testserver.EnableKubernetesTestServer;
import org.junit.jupiter.api.Test;

/**
 * {@code kubectl apply --server-side} against the test server. Expected outputs are what kubectl
 * prints against an API server: its own words (k8s.io/kubectl pkg/cmd/apply/apply.go, v0.32) around
 * the server's (the field manager's conflict message, k8s.io/apimachinery
 * pkg/util/managedfields/internal/conflict.go), and the managed fields the API server records.
 */
@EnableKubernetesTestServer(serve = {ConfigMap.class, Deployment.class}, crds = "crds/gadgets.yaml", perTest = true)
class KubectlServerSideApplyTest extends KubectlSuite {

  private static final String CONFIG_MAP = """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
      data:
        mode: fast
        level: "3"
      """;


  private String managers(String resource) {
    return kubectl.run("get", resource, "-o",
        "jsonpath={range .metadata.managedFields[*]}{.manager} {.operation} {.fieldsV1}{\"\\n\"}{end}").ok();
  }

  @Test
  void appliesTwiceThenConflictsWithASecondManagerUntilItForcesConflicts() {
    // kubectl prints "serverside-applied" for every server-side apply, changed or not (apply.go).
    assertThat(kubectl.withInput(CONFIG_MAP, "apply", "--server-side", "-f", "-").ok())
        .isEqualTo("configmap/settings serverside-applied\n");
    String version = kubectl.run("get", "configmap", "settings", "-o", "jsonpath={.metadata.resourceVersion}").ok();
    assertThat(kubectl.withInput(CONFIG_MAP, "apply", "--server-side", "-f", "-").ok())
        .isEqualTo("configmap/settings serverside-applied\n");
    assertThat(kubectl.run("get", "configmap", "settings", "-o", "jsonpath={.metadata.resourceVersion}").ok())
        .as("the second apply changed nothing").isEqualTo(version);
    // kubectl's default field manager for server-side apply is "kubectl".
    assertThat(managers("configmap/settings"))
        .isEqualTo("kubectl Apply {\"f:data\":{\"f:level\":{},\"f:mode\":{}}}\n");

    Kubectl.Result conflict = kubectl.withInput(CONFIG_MAP.replace("fast", "slow"), "apply", "--server-side",
        "--field-manager=tuner", "-f", "-");

    assertThat(conflict.exitCode()).isEqualTo(1);
    assertThat(conflict.err()).startsWith("error: Apply failed with 1 conflict: conflict with \"kubectl\": .data.mode\n"
        + "Please review the fields above--they currently have other managers.")
        .contains("re-run the apply\n  command with the `--force-conflicts` flag.");
    assertThat(kubectl.run("get", "configmap", "settings", "-o", "jsonpath={.data.mode}").ok()).isEqualTo("fast");

    assertThat(kubectl.withInput(CONFIG_MAP.replace("fast", "slow"), "apply", "--server-side", "--field-manager=tuner",
        "--force-conflicts", "-f", "-").ok()).isEqualTo("configmap/settings serverside-applied\n");

    assertThat(kubectl.run("get", "configmap", "settings", "-o", "jsonpath={.data.mode}").ok()).isEqualTo("slow");
    assertThat(managers("configmap/settings")).as("tuner took mode and shares level, whose value it kept")
        .isEqualTo("kubectl Apply {\"f:data\":{\"f:level\":{}}}\ntuner Apply {\"f:data\":{\"f:level\":{},\"f:mode\":{}}}\n");
  }

  @Test
  void aFieldLeftOutOfTheManifestIsRemovedAndOthersKeepTheirs() {
    kubectl.withInput(CONFIG_MAP, "apply", "--server-side", "-f", "-").ok();
    kubectl.run("label", "configmap", "settings", "team=a").ok();

    assertThat(kubectl.withInput(CONFIG_MAP.replace("  level: \"3\"\n", ""), "apply", "--server-side", "-f", "-").ok())
        .isEqualTo("configmap/settings serverside-applied\n");

    assertThat(kubectl.run("get", "configmap", "settings", "-o", "jsonpath={.data} {.metadata.labels}").ok())
        .isEqualTo("{\"mode\":\"fast\"} {\"team\":\"a\"}");
    // kubectl label writes with field manager "kubectl-label" (pkg/cmd/label/label.go).
    assertThat(managers("configmap/settings")).isEqualTo("kubectl Apply {\"f:data\":{\"f:mode\":{}}}\n"
        + "kubectl-label Update {\"f:metadata\":{\"f:labels\":{\".\":{},\"f:team\":{}}}}\n");
  }

  @Test
  void mergesDeploymentContainersByNameAndRecordsKubectlCreateAsAnUpdate() {
    // kubectl create deployment writes with field manager "kubectl-create" (pkg/cmd/create/create.go).
    kubectl.run("create", "deployment", "web", "--image=nginx:1.27").ok();
    assertThat(managers("deployment/web")).startsWith("kubectl-create Update {");

    String sidecar = """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: web
        spec:
          template:
            spec:
              containers:
              - name: proxy
                image: envoy:1.31
        """;
    assertThat(kubectl.withInput(sidecar, "apply", "--server-side", "--field-manager=mesh", "-f", "-").ok())
        .isEqualTo("deployment.apps/web serverside-applied\n");

    assertThat(kubectl.run("get", "deployment", "web", "-o",
        "jsonpath={range .spec.template.spec.containers[*]}{.name}={.image} {end}").ok())
        .isEqualTo("nginx=nginx:1.27 proxy=envoy:1.31 ");
  }

  @Test
  void appliesACustomResourceAndItsStatus() {
    String gadget = """
        apiVersion: example.com/v1
        kind: Gadget
        metadata:
          name: g1
        spec:
          ports:
          - {name: http, port: 80}
        """;
    assertThat(kubectl.withInput(gadget, "apply", "--server-side", "-f", "-").ok())
        .isEqualTo("gadget.example.com/g1 serverside-applied\n");
    assertThat(kubectl.withInput(gadget.replace("http, port: 80", "metrics, port: 9090"), "apply", "--server-side",
        "--field-manager=monitor", "-f", "-").ok()).isEqualTo("gadget.example.com/g1 serverside-applied\n");
    assertThat(kubectl.run("get", "gadget", "g1", "-o", "jsonpath={.spec.ports[*].name}").ok()).isEqualTo("http metrics");

    String status = gadget + "status:\n  phase: Ready\n";
    assertThat(kubectl.withInput(status, "apply", "--server-side", "--subresource=status", "--field-manager=controller",
        "-f", "-").ok()).isEqualTo("gadget.example.com/g1 serverside-applied\n");
    assertThat(kubectl.run("get", "gadget", "g1", "-o", "jsonpath={.status.phase}").ok()).isEqualTo("Ready");
  }
}
