package io.informer4j.kubernetes.testserver.kubectl;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.informer4j.kubernetes.testserver.EnableKubernetesTestServer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@code kubectl get} prints from the test server's Tables, compared with what it prints against a
 * Kubernetes 1.32 cluster: a CRD's {@code additionalPrinterColumns} (k8s.io/apiextensions-apiserver
 * pkg/registry/customresource/tableconvertor), the columns of Deployments with {@code -o wide} and of
 * Pods (k8s.io/kubernetes pkg/printers/internalversion/printers.go), CRDs by the default table
 * convertor (k8s.io/apiserver pkg/registry/rest/table.go), kubectl printing headers upper-case,
 * priority 1 columns only with {@code -o wide} and null cells blank
 * (k8s.io/cli-runtime pkg/printers/tableprinter.go). Ages vary: their shape is asserted.
 */
@EnableKubernetesTestServer(serve = {Deployment.class, Pod.class}, crds = "crds/printed-databases.yaml")
class KubectlTablesTest extends KubectlSuite {

  private static final String AGE = "\\d+s";

  /** Returns the lines kubectl printed, each split into its columns (kubectl pads them with spaces). */
  private static List<List<String>> table(String out) {
    return out.lines().map(line -> Arrays.asList(line.trim().split(" {2,}"))).toList();
  }

  @Test
  void getShowsACustomResourcesPrinterColumns() {
    kubectl.withInput("""
        apiVersion: example.com/v1
        kind: Database
        metadata: {name: orders, labels: {app: shop}}
        spec: {engine: postgres, replicas: 3, ratio: 0.5, backup: true, hosts: [{name: pg-0}]}
        """, "create", "-f", "-").ok();
    kubectl.run("patch", "database", "orders", "--subresource=status", "--type=merge",
        "-p", "{\"status\":{\"conditions\":[{\"type\":\"Ready\",\"status\":\"True\"}]}}").ok();
    kubectl.withInput("{\"apiVersion\":\"example.com/v1\",\"kind\":\"Database\",\"metadata\":{\"name\":\"plain\"}}",
        "create", "-f", "-").ok();

    String out = kubectl.run("get", "databases").ok();
    List<List<String>> shown = table(out);
    List<List<String>> wide = table(kubectl.run("get", "db", "orders", "-o", "wide").ok());

    assertThat(shown.get(0)).containsExactly("NAME", "ENGINE", "REPLICAS", "RATIO", "BACKUP", "READY", "AGE");
    assertThat(shown.get(1).subList(0, 6)).containsExactly("orders", "postgres", "3", "0.5", "true", "True");
    assertThat(shown.get(1).get(6)).matches(AGE);
    // cells the path selects nothing for are null, printed blank
    assertThat(out.lines().toList().get(2)).matches("plain {10,}\\d+s");
    assertThat(wide.get(0)).containsExactly("NAME", "ENGINE", "REPLICAS", "RATIO", "BACKUP", "READY", "PRIMARY", "LABELS",
        "AGE");
    assertThat(wide.get(1).subList(6, 8)).containsExactly("pg-0", "{\"app\":\"shop\"}");
  }

  @Test
  void getDeploymentsWideShowsContainersImagesAndTheSelector() {
    kubectl.run("create", "deployment", "web", "--image=nginx:1.27", "--replicas=2").ok();

    List<List<String>> shown = table(kubectl.run("get", "deployments").ok());
    List<List<String>> wide = table(kubectl.run("get", "deployments", "-o", "wide").ok());

    assertThat(shown.get(0)).containsExactly("NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE");
    assertThat(shown.get(1).subList(0, 4)).containsExactly("web", "0/2", "0", "0");
    assertThat(wide.get(0)).containsExactly("NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE", "CONTAINERS", "IMAGES",
        "SELECTOR");
    assertThat(wide.get(1).subList(5, 8)).containsExactly("nginx", "nginx:1.27", "app=web");
  }

  @Test
  void getPodsShowsReadyStatusRestartsAndAge() {
    kubectl.run("run", "web", "--image=nginx:1.27").ok();

    List<List<String>> shown = table(kubectl.run("get", "pods").ok());
    List<List<String>> wide = table(kubectl.run("get", "pod", "web", "-o", "wide").ok());

    assertThat(shown.get(0)).containsExactly("NAME", "READY", "STATUS", "RESTARTS", "AGE");
    assertThat(shown.get(1).subList(0, 4)).containsExactly("web", "0/1", "Pending", "0");
    assertThat(shown.get(1).get(4)).matches(AGE);
    assertThat(wide.get(0)).containsExactly("NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE",
        "READINESS GATES");
    assertThat(wide.get(1).subList(5, 9)).containsExactly("<none>", "<none>", "<none>", "<none>");
  }

  @Test
  void getCrdsShowsTheirCreationTime() {
    List<List<String>> shown = table(kubectl.run("get", "crd").ok());

    assertThat(shown.get(0)).containsExactly("NAME", "CREATED AT");
    assertThat(shown.get(1).get(0)).isEqualTo("databases.example.com");
    assertThat(shown.get(1).get(1)).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
  }

  /**
   * {@code kubectl explain} reads the OpenAPI v3 document of the group-version (k8s.io/kubectl
   * pkg/explain/v2): a custom resource's field with the description of its CRD schema, as on a
   * cluster; a built-in kind's field with its type, and no description (the server's schemas of
   * built-in kinds carry none, where a cluster prints the API documentation).
   */
  @Test
  void explainShowsTheFieldsOfCustomResourcesAndBuiltInKinds() {
    assertThat(kubectl.run("explain", "databases.spec.engine").ok()).isEqualTo("""
        GROUP:      example.com
        KIND:       Database
        VERSION:    v1

        FIELD: engine <string>


        DESCRIPTION:
            The database engine: postgres or mysql.
           \s

        """);
    assertThat(kubectl.run("explain", "database.spec").ok()).contains("FIELD: spec <Object>", "FIELDS:\n  backup\t<boolean>",
        "  engine\t<string>\n    The database engine: postgres or mysql.", "  hosts\t<[]Object>");
    assertThat(kubectl.run("explain", "deployment.spec.replicas").ok())
        .startsWith("GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nFIELD: replicas <integer>\n");
  }
}
