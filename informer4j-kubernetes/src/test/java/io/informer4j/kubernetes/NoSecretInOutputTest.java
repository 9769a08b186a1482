package io.informer4j.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.controller.Result;
import io.informer4j.health.HealthServer;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.MapEntry;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.TransientSourceException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * No credential of a kubeconfig (a password in the server URL, a token, a user's password) shows
 * in anything a Manager over the Kubernetes backend outputs from its start, through faults (403 and
 * 500 lists, dropped and expired watches, a type the server does not serve, the server gone), to
 * its stop: no log line at any level (this class runs in its own surefire execution with
 * slf4j-simple at TRACE, writing to the stderr this test captures, stdout too), no status text, no
 * metric label, no /katalog, /healthz or /readyz field, no error thrown. (The captured output is
 * written to stderr after the test, for its report.)
 */
class NoSecretInOutputTest {

  private static final String URL_PASSWORD = "UrlPassword7f3a";
  private static final String TOKEN = "Token9c1eabc.def";
  private static final String USER_PASSWORD = "UserPassword2b8d";
  private static final List<String> SECRETS = List.of(URL_PASSWORD, TOKEN, USER_PASSWORD);

  @TempDir
  Path dir;

  private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
  private final StringBuilder outputs = new StringBuilder();
  private PrintStream err;
  private PrintStream out;

  @BeforeEach
  void capture() {
    err = System.err;
    out = System.out;
    PrintStream capture = new PrintStream(captured, true, StandardCharsets.UTF_8);
    System.setErr(capture);
    System.setOut(capture);
  }

  @AfterEach
  void restore() {
    System.setErr(err);
    System.setOut(out);
    err.print(captured.toString(StandardCharsets.UTF_8));
  }

  @Test
  void noCredentialInAnyOutputFromStartThroughFaultsToStop() throws Exception {
    assumeTrue(LoggerFactory.getLogger(NoSecretInOutputTest.class).isTraceEnabled(),
        "runs in the no-secret-in-output execution, where every level is logged");
    KubernetesTestServer server = KubernetesTestServer.start().serve(ConfigMap.class).createNamespaces("shop");
    AtomicReference<HealthServer> health = new AtomicReference<>();
    try (KubernetesClient writer = server.newClient()) {
      Config config = Config.fromKubeconfig(kubeconfig(server).toFile());
      try (KubernetesBackend kube = KubernetesBackend.connect(config)) {
        outputs.append(kube.description()).append('\n');
        Manager manager = Manager.builder(kube).component(m -> {
          health.set(HealthServer.builder(m).host("127.0.0.1").port(0).build());
          return health.get();
        }).build();
        ObjectType<ConfigMap> configMaps = kube.type(ConfigMap.class);
        manager.controller("flags", configMaps).reconcile(key -> Result.done());
        manager.cache().reader(kube.type(Secret.class));
        try {
          manager.start();
          writer.configMaps().inNamespace("shop").resource(new ConfigMapBuilder().withNewMetadata().withName("flags")
              .endMetadata().addToData("beta", "on").build()).create();
          await().atMost(Duration.ofSeconds(30)).until(() -> entry(manager, "ConfigMap").informer().hasSynced());
          record(manager, health.get());

          TypeKey configMapType = TypeKey.of("", "v1", "ConfigMap");
          server.api().faults().failNextLists(configMapType, 2, () -> new ForbiddenException("configmaps is forbidden"))
              .failNextLists(configMapType, 1, () -> new TransientSourceException("etcd timed out",
                  TransientSourceException.Reason.INTERNAL_ERROR, 500, null));
          server.expireWatches(configMapType);
          await().atMost(Duration.ofSeconds(60)).until(() -> entry(manager, "ConfigMap").informer().status().relists() >= 1);
          server.dropWatches();
          record(manager, health.get());

          server.close();
          await().atMost(Duration.ofSeconds(60))
              .until(() -> entry(manager, "ConfigMap").informer().status().consecutiveFailures() >= 2);
          record(manager, health.get());
        } finally {
          try {
            manager.close();
          } catch (RuntimeException e) {
            outputs.append(stackTrace(e));
          }
        }
        outputs.append(manager.controllers()).append('\n');
      }
    } finally {
      server.close();
    }

    String everything = captured.toString(StandardCharsets.UTF_8) + outputs;
    assertThat(everything).as("the output scanned").contains("informers map over Kubernetes http://127.0.0.1:",
        "\"lastError\"", "informer4j_informer_");
    for (String secret : SECRETS) {
      assertThat(everything).as("output holding %s", secret).doesNotContain(secret);
    }
  }

  private static MapEntry<?> entry(Manager manager, String kind) {
    return manager.cache().entries().stream().filter(e -> e.type().key().kind().equals(kind)).findFirst().orElseThrow();
  }

  /** Adds what the manager shows now: statuses, /katalog, /healthz, /readyz, /metrics. */
  private void record(Manager manager, HealthServer health) throws IOException, InterruptedException {
    outputs.append(manager.controllers()).append(' ').append(manager.isReady()).append('\n');
    for (MapEntry<?> entry : manager.cache().entries()) {
      outputs.append(entry).append(' ').append(entry.presence()).append(' ').append(entry.informer().status()).append('\n');
    }
    HttpClient http = HttpClient.newHttpClient();
    for (String path : List.of("/katalog", "/healthz", "/readyz", "/metrics")) {
      HttpResponse<String> response = http.send(HttpRequest.newBuilder(health.url().resolve(path)).build(),
          HttpResponse.BodyHandlers.ofString());
      outputs.append(path).append(' ').append(response.statusCode()).append(' ').append(response.body()).append('\n');
    }
  }

  /** The server's kubeconfig with a password in its URL, and a token and a password for its user. */
  private Path kubeconfig(KubernetesTestServer server) throws IOException {
    String kubeconfig = server.kubeconfig()
        .replace("server: http://", "server: http://admin:" + URL_PASSWORD + "@")
        .replace("user: {}", "user: {token: " + TOKEN + ", username: admin, password: " + USER_PASSWORD + "}");
    assertThat(kubeconfig).contains(URL_PASSWORD, TOKEN, USER_PASSWORD);
    return Files.writeString(dir.resolve("kubeconfig"), kubeconfig);
  }

  private static String stackTrace(Throwable error) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    error.printStackTrace(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
