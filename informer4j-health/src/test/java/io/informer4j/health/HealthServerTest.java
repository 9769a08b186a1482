package io.informer4j.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.informer4j.factory.InformerOptions;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.informer.BackoffPolicy;
import io.informer4j.manager.Manager;
import io.informer4j.manager.ManagerFailedException;
import io.informer4j.manager.ManagerStartException;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.net.BindException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The health endpoints over real HTTP, served as a component of a manager on the simulated API. */
class HealthServerTest {

  private static final TypeKey WEBSITES = TypeKey.of("demo.informer4j.io", "v1", "Website");
  private static final TypeKey DATABASES = TypeKey.of("demo.informer4j.io", "v1", "Database");
  private static final Pattern SAMPLE = Pattern.compile(
      "[a-zA-Z_:][a-zA-Z0-9_:]*(\\{([a-zA-Z_][a-zA-Z0-9_]*=\"([^\"\\\\]|\\\\.)*\",?)*\\})? "
          + "(-?[0-9.]+([eE][-+]?[0-9]+)?|NaN|[-+]Inf)( [0-9]+)?");

  private final SimulatedApi api = SimulatedApi.builder().type(WEBSITES, Scope.NAMESPACED).build();
  private final HttpClient http = HttpClient.newHttpClient();
  private Manager manager;
  private HealthServer server;

  @AfterEach
  void stop() throws InterruptedException {
    if (manager != null) {
      manager.stop(Duration.ofSeconds(10));
    }
    api.close();
  }

  /**
   * Starts a manager serving its health with {@code grace}, whose factory routes Websites (present,
   * restricted from kube-*) to their own queue and Databases (missing) to the default queue.
   */
  private void serve(Duration grace) throws InterruptedException {
    api.create(WEBSITES, SimObject.of("shop", "front").withContentAt("spec.password", "s3cr3t-value"));
    manager = Manager.builder(api).name("health-test")
        .informerOptions(informer -> informer.backoff(
            new BackoffPolicy(Duration.ofMillis(10), Duration.ofMillis(50), 2.0, 0.0, Duration.ofMinutes(2))))
        .component(m -> server = HealthServer.builder(m).readinessGrace(grace).build())
        .build();
    manager.queues().register(WEBSITES);
    SharedInformerFactory factory = manager.factory();
    factory.informerFor(api.type(WEBSITES), InformerOptions.builder().name("Website")
        .namespaceFilter(NamespaceFilter.restricting("kube-*")).build());
    factory.informerFor(api.type(DATABASES), InformerOptions.builder().name("Database").build());
    manager.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(10))).isTrue();
  }

  private HttpResponse<String> get(String path) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(server.url() + path)).build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void readinessSurvivesWatchRotationsAndFallsWhenListingFailsLongerThanTheGrace() throws Exception {
    serve(Duration.ofMillis(500));
    assertThat(get("/readyz").statusCode()).isEqualTo(200);
    for (int i = 0; i < 10; i++) {
      api.faults().closeAllWatches();
      api.upsert(WEBSITES, SimObject.of("shop", "front").withLabel("round", Integer.toString(i)));
      assertThat(get("/readyz").statusCode()).as("round %d", i).isEqualTo(200);
    }
    api.faults().refuseConnections();
    api.faults().dropAllWatches();
    await().atMost(60, TimeUnit.SECONDS).until(() -> get("/readyz").statusCode() == 503);
    assertThat(get("/readyz").body()).contains("Website").contains("failing since");
    assertThat(get("/healthz").statusCode()).isEqualTo(200);
    api.faults().acceptConnections();
    await().atMost(60, TimeUnit.SECONDS).until(() -> get("/readyz").statusCode() == 200);
  }

  @Test
  void katalogDescribesEveryInformerWithoutObjectContents() throws Exception {
    serve(Duration.ofSeconds(60));
    HttpResponse<String> response = get("/katalog");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type")).contains("application/json");
    JsonNode katalog = new ObjectMapper().readTree(response.body());
    assertThat(katalog.path("manager").path("running").asBoolean()).isTrue();
    assertThat(katalog.path("factory").path("started").asBoolean()).isTrue();
    assertThat(katalog.path("informers")).hasSize(2);
    JsonNode database = informerNamed(katalog, "Database");
    assertThat(database.path("missing").asBoolean()).isTrue();
    JsonNode website = informerNamed(katalog, "Website");
    assertThat(website.path("type").asText()).isEqualTo(WEBSITES.toString());
    assertThat(website.path("synced").asBoolean()).isTrue();
    assertThat(website.path("cacheSize").asInt()).isEqualTo(1);
    JsonNode routes = katalog.path("factory").path("types");
    assertThat(routes).hasSize(2);
    JsonNode databaseRoute = routes.get(0);
    assertThat(databaseRoute.path("name").asText()).isEqualTo("Database");
    assertThat(databaseRoute.path("missing").asBoolean()).isTrue();
    assertThat(databaseRoute.path("queue").asText()).isEqualTo("default");
    JsonNode websiteRoute = routes.get(1);
    assertThat(websiteRoute.path("type").asText()).isEqualTo(WEBSITES.toString());
    assertThat(websiteRoute.path("synced").asBoolean()).isTrue();
    assertThat(websiteRoute.path("tier").asInt()).isEqualTo(2);
    assertThat(websiteRoute.path("namespaces").asText()).isEqualTo("restricted: [kube-*]");
    assertThat(websiteRoute.path("queue").asText()).isEqualTo("Website.v1.demo.informer4j.io");
    assertThat(response.body()).doesNotContain("s3cr3t-value");
  }

  @Test
  void metricsAreValidPrometheusTextWithInformerAndQueueSeries() throws Exception {
    serve(Duration.ofSeconds(60));
    HttpResponse<String> response = get("/metrics");
    assertThat(response.statusCode()).isEqualTo(200);
    String body = response.body();
    for (String line : body.split("\n")) {
      if (!line.isEmpty() && !line.startsWith("#")) {
        assertThat(line).as("sample line").matches(SAMPLE);
      }
    }
    assertThat(body).contains("informer4j_informer_cache_size{informer=\"Website\"}")
        .contains("workqueue_depth").contains("informer4j_informer_events_total")
        .doesNotContain("s3cr3t-value");
  }

  @Test
  void livenessReportsAFailedInformer() throws Exception {
    serve(Duration.ofSeconds(60));
    assertThat(get("/healthz").body()).isEqualTo("ok\n");
    assertThat(get("/nothing").statusCode()).isEqualTo(404);
    assertThat(http.send(HttpRequest.newBuilder(URI.create(server.url() + "/readyz"))
        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(405);
  }

  @Test
  void aPortInUseIsAClearError() throws Exception {
    serve(Duration.ofSeconds(60));
    int taken = server.port();
    assertThatThrownBy(() -> HealthServer.builder(manager).port(taken).build().start())
        .isInstanceOf(BindException.class).hasMessageContaining("127.0.0.1:" + taken);

    Manager second = Manager.builder(api).name("health-test-2")
        .component(m -> HealthServer.builder(m).port(taken).build()).build();
    assertThatThrownBy(second::start).isInstanceOf(ManagerStartException.class)
        .hasCauseInstanceOf(BindException.class).hasMessageContaining("127.0.0.1:" + taken);
    assertThat(second.stopped()).failsWithin(Duration.ofSeconds(10)).withThrowableOfType(ExecutionException.class)
        .withCauseInstanceOf(ManagerFailedException.class);
  }

  private static JsonNode informerNamed(JsonNode katalog, String name) {
    for (JsonNode informer : katalog.path("informers")) {
      if (informer.path("name").asText().equals(name)) {
        return informer;
      }
    }
    throw new AssertionError("no informer named " + name + " in " + katalog);
  }
}
