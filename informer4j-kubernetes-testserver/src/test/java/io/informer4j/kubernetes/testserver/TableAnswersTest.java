package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Table answers as the API server gives them to {@code kubectl get}: content negotiation of
 * {@code as=Table;g=meta.k8s.io;v=v1} (and {@code v1beta1}) and 406 for a transformation it does not
 * know (k8s.io/apiserver pkg/endpoints/handlers/negotiation/negotiate.go, handlers/rest.go
 * {@code AllowsMediaTypeTransform}); the Table of a GET, a LIST with its paging metadata and a
 * WATCH whose first event alone carries the columns (handlers/response.go {@code asTable},
 * handlers/watch.go {@code watchEmbeddedEncoder}); {@code includeObject} (k8s.io/apimachinery
 * pkg/apis/meta/v1 TableOptions); the columns of a CRD's {@code additionalPrinterColumns}
 * (k8s.io/apiextensions-apiserver pkg/registry/customresource/tableconvertor/tableconvertor.go) and of
 * built-in kinds (k8s.io/kubernetes pkg/printers/internalversion/printers.go).
 */
@EnableKubernetesTestServer(serve = {ConfigMap.class, Deployment.class}, crds = "crds/printed-databases.yaml")
class TableAnswersTest {

  private static final String TABLE = "application/json;as=Table;v=v1;g=meta.k8s.io";
  /** What kubectl 1.32 sends with {@code kubectl get}. */
  private static final String KUBECTL = TABLE + ",application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
  private static final String CONFIGMAPS = "/api/v1/namespaces/default/configmaps";
  private static final String DATABASES = "/apis/example.com/v1/namespaces/default/databases";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  KubernetesTestServer server;

  private RawHttp.Answer get(String path, String accept) {
    return new RawHttp(server).send("GET", path, null, null, accept);
  }

  private void configMap(String name) {
    assertThat(new RawHttp(server).post(CONFIGMAPS, "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\""
        + name + "\"},\"data\":{\"a\":\"1\",\"b\":\"2\"}}").code()).isEqualTo(201);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> metadata(Map<String, Object> table) {
    return (Map<String, Object>) table.get("metadata");
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> rows(Map<String, Object> table) {
    return (List<Map<String, Object>>) table.get("rows");
  }

  @SuppressWarnings("unchecked")
  private static List<String> columnNames(Map<String, Object> table) {
    return ((List<Map<String, Object>>) table.get("columnDefinitions")).stream().map(c -> (String) c.get("name")).toList();
  }

  @SuppressWarnings("unchecked")
  private static List<Object> cells(Map<String, Object> table, int row) {
    return (List<Object>) rows(table).get(row).get("cells");
  }

  @Test
  void aListAskedAsKubectlAsksIsATableWithColumnsRowsAndTheListsMetadata() {
    configMap("tl-a");
    configMap("tl-b");

    RawHttp.Answer answer = get(CONFIGMAPS + "?labelSelector=&fieldSelector=metadata.name%3Dtl-a", KUBECTL);

    assertThat(answer.code()).isEqualTo(200);
    Map<String, Object> table = answer.json();
    assertThat(table).containsEntry("kind", "Table").containsEntry("apiVersion", "meta.k8s.io/v1");
    assertThat(table.get("columnDefinitions")).isEqualTo(List.of(
        Map.of("name", "Name", "type", "string", "format", "name", "description", TableColumn.NAME_DESCRIPTION, "priority", 0),
        Map.of("name", "Data", "type", "string", "format", "", "description", "Data contains the configuration data.",
            "priority", 0),
        Map.of("name", "Age", "type", "string", "format", "", "description", TableColumn.CREATION_DESCRIPTION, "priority", 0)));
    assertThat(rows(table)).hasSize(1);
    assertThat(cells(table, 0).subList(0, 2)).containsExactly("tl-a", 2);
    assertThat((String) cells(table, 0).get(2)).matches("\\d+s");
    @SuppressWarnings("unchecked")
    Map<String, Object> object = (Map<String, Object>) rows(table).get(0).get("object");
    assertThat(object).containsEntry("kind", "PartialObjectMetadata").containsEntry("apiVersion", "meta.k8s.io/v1")
        .containsKey("metadata").doesNotContainKey("data");
    assertThat(metadata(table)).containsKey("resourceVersion");
  }

  @Test
  void aPagedListTableCarriesTheContinueToken() {
    configMap("tp-a");
    configMap("tp-b");

    Map<String, Object> table = get(CONFIGMAPS + "?limit=1", TABLE).json();

    assertThat(rows(table)).hasSize(1);
    assertThat(metadata(table)).containsKeys("resourceVersion", "continue", "remainingItemCount");
  }

  @Test
  void aGetIsATableOfOneRowInTheVersionAskedFor() {
    configMap("tg");

    Map<String, Object> table = get(CONFIGMAPS + "/tg", "application/json;as=Table;v=v1beta1;g=meta.k8s.io").json();

    assertThat(table).containsEntry("apiVersion", "meta.k8s.io/v1beta1");
    assertThat(rows(table)).hasSize(1);
    assertThat(cells(table, 0).get(0)).isEqualTo("tg");
    @SuppressWarnings("unchecked")
    Map<String, Object> object = (Map<String, Object>) rows(table).get(0).get("object");
    assertThat(object).containsEntry("apiVersion", "meta.k8s.io/v1beta1");
    assertThat(metadata(table)).containsKey("resourceVersion");
  }

  @Test
  void includeObjectChoosesWhatARowCarries() {
    configMap("ti");

    @SuppressWarnings("unchecked")
    Map<String, Object> whole = (Map<String, Object>) rows(get(CONFIGMAPS + "/ti?includeObject=Object", TABLE).json())
        .get(0).get("object");
    Map<String, Object> none = rows(get(CONFIGMAPS + "?includeObject=None", TABLE).json()).get(0);
    RawHttp.Answer unknown = get(CONFIGMAPS + "?includeObject=All", TABLE);

    assertThat(whole).containsEntry("kind", "ConfigMap").containsEntry("data", Map.of("a", "1", "b", "2"));
    assertThat(none).containsEntry("object", null);
    assertThat(unknown.code()).isEqualTo(400);
    assertThat(unknown.json()).containsEntry("message", "unrecognized includeObject value: \"All\"");
  }

  @Test
  void anUnknownTransformationIsNotAcceptableUnlessAPlainRangeFollows() {
    RawHttp.Answer foo = get(CONFIGMAPS, "application/json;as=Foo;v=v1;g=meta.k8s.io");
    RawHttp.Answer tableOfAnotherGroup = get(CONFIGMAPS, "application/json;as=Table;v=v1;g=example.com");
    RawHttp.Answer fallback = get(CONFIGMAPS, "application/json;as=Foo;v=v1;g=meta.k8s.io, application/json");

    assertThat(foo.code()).isEqualTo(406);
    assertThat(foo.json()).containsEntry("reason", "NotAcceptable");
    assertThat(tableOfAnotherGroup.code()).isEqualTo(406);
    assertThat(fallback.code()).isEqualTo(200);
    assertThat(fallback.json()).containsEntry("kind", "ConfigMapList");
  }

  @Test
  void aWatchSendsTablesWithTheColumnsInTheFirstEventOnly() throws Exception {
    configMap("tw-a");
    configMap("tw-b");
    HttpRequest request = HttpRequest.newBuilder(URI.create(server.url() + "api/v1/namespaces/default/configmaps?watch=true"))
        .header("Accept", KUBECTL).build();
    HttpResponse<InputStream> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofInputStream());
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      Map<?, ?> first = JSON.readValue(lines.readLine(), Map.class);
      Map<?, ?> second = JSON.readValue(lines.readLine(), Map.class);

      assertThat(first.get("type")).isEqualTo("ADDED");
      @SuppressWarnings("unchecked")
      Map<String, Object> firstTable = (Map<String, Object>) first.get("object");
      @SuppressWarnings("unchecked")
      Map<String, Object> secondTable = (Map<String, Object>) second.get("object");
      assertThat(firstTable).containsEntry("kind", "Table");
      assertThat(columnNames(firstTable)).containsExactly("Name", "Data", "Age");
      assertThat(rows(firstTable)).hasSize(1);
      assertThat(secondTable).containsEntry("kind", "Table").containsEntry("columnDefinitions", null);
      // the initial ADDED events of the configmaps of this class's tests, one Table of one row each
      assertThat(rows(secondTable)).hasSize(1);
      assertThat(List.of(cells(firstTable, 0).get(0), cells(secondTable, 0).get(0)))
          .allSatisfy(name -> assertThat((String) name).startsWith("t")).doesNotHaveDuplicates();
    }
  }

  @Test
  void aCustomResourceIsPrintedWithItsVersionsPrinterColumns() {
    RawHttp http = new RawHttp(server);
    assertThat(http.post(DATABASES, """
        {"apiVersion":"example.com/v1","kind":"Database","metadata":{"name":"orders","labels":{"tier":"db","app":"shop"}},
         "spec":{"engine":"postgres","replicas":3,"ratio":0.5,"backup":true,"hosts":[{"name":"pg-0"},{"name":"pg-1"}]}}""")
        .code()).isEqualTo(201);
    assertThat(http.send("PATCH", DATABASES + "/orders/status", "application/merge-patch+json",
        "{\"status\":{\"conditions\":[{\"type\":\"Synced\",\"status\":\"False\"},{\"type\":\"Ready\",\"status\":\"True\"}]}}",
        null).code()).isEqualTo(200);
    assertThat(http.post(DATABASES, "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Database\",\"metadata\":{\"name\":\"bare\"}}")
        .code()).isEqualTo(201);

    Map<String, Object> table = get(DATABASES, KUBECTL).json();

    assertThat(columnNames(table)).containsExactly("Name", "Engine", "Replicas", "Ratio", "Backup", "Ready", "Primary",
        "Labels", "Age");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> columns = (List<Map<String, Object>>) table.get("columnDefinitions");
    assertThat(columns.get(1)).containsEntry("type", "string").containsEntry("description", "The database engine");
    assertThat(columns.get(6)).containsEntry("priority", 1);
    List<Object> bare = cells(table, 0);
    List<Object> orders = cells(table, 1);
    assertThat(orders.subList(0, 8)).containsExactly("orders", "postgres", 3, 0.5, true, "True", "pg-0",
        "{\"app\":\"shop\",\"tier\":\"db\"}");
    assertThat((String) orders.get(8)).matches("\\d+s");
    assertThat(bare.subList(0, 8)).containsExactly("bare", null, null, null, null, null, null, null);
  }

  @Test
  void aVersionWithoutPrinterColumnsIsPrintedWithNameAndAge() {
    new RawHttp(server).post(DATABASES, "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Database\",\"metadata\":{\"name\":\"old\"}}");

    Map<String, Object> table = get("/apis/example.com/v1beta1/namespaces/default/databases/old", TABLE).json();

    @SuppressWarnings("unchecked")
    Map<String, Object> age = ((List<Map<String, Object>>) table.get("columnDefinitions")).get(1);
    assertThat(age).containsEntry("name", "Age").containsEntry("type", "date");
    assertThat((String) cells(table, 0).get(1)).matches("\\d+s");
  }

  @Test
  void aDeploymentRowHasTheWideColumnsOfPrintDeployment() {
    assertThat(new RawHttp(server).post("/apis/apps/v1/namespaces/default/deployments", """
        {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},
         "spec":{"replicas":3,"selector":{"matchLabels":{"app":"web"},
                 "matchExpressions":[{"key":"tier","operator":"In","values":["fe","be"]}]},
                 "template":{"metadata":{"labels":{"app":"web","tier":"fe"}},
                   "spec":{"containers":[{"name":"web","image":"nginx:1.27"},{"name":"log","image":"busybox:1.36"}]}}}}""")
        .code()).isEqualTo(201);

    Map<String, Object> table = get("/apis/apps/v1/namespaces/default/deployments/web", KUBECTL).json();

    assertThat(columnNames(table)).containsExactly("Name", "Ready", "Up-to-date", "Available", "Age", "Containers",
        "Images", "Selector");
    List<Object> cells = cells(table, 0);
    assertThat(cells.subList(0, 4)).containsExactly("web", "0/3", 0, 0);
    assertThat(cells.subList(5, 8)).containsExactly("web,log", "nginx:1.27,busybox:1.36", "app=web,tier in (be,fe)");
  }

  @Test
  void aCrdIsPrintedByTheDefaultTableConvertor() {
    Map<String, Object> table = get("/apis/apiextensions.k8s.io/v1/customresourcedefinitions/databases.example.com",
        TABLE).json();

    assertThat(columnNames(table)).containsExactly("Name", "Created At");
    assertThat(cells(table, 0).get(0)).isEqualTo("databases.example.com");
    assertThat((String) cells(table, 0).get(1)).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
  }
}
