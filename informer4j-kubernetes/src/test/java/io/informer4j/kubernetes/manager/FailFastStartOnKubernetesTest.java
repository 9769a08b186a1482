package io.informer4j.kubernetes.manager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.informer4j.controller.Result;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.manager.BackendContactException;
import io.informer4j.manager.BackendContactException.Reason;
import io.informer4j.manager.Manager;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.SourceException;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Against a real HTTP API server (the Kubernetes test server), {@code Manager.start()} fails fast with
 * a typed error naming what to fix: nothing listening, rejected credentials (401), a type or the CRD
 * listing forbidden (403), a TLS handshake that fails; each well within the start timeout, with no
 * thread of the manager left.
 */
class FailFastStartOnKubernetesTest {

  private static final TypeKey CONFIG_MAPS = TypeKey.of("", "v1", "ConfigMap");
  private static final TypeKey CRDS = TypeKey.of("apiextensions.k8s.io", "v1", "CustomResourceDefinition");

  private final KubernetesTestServer server = KubernetesTestServer.start().serve(ConfigMap.class, Secret.class);

  @AfterEach
  void closeServer() {
    server.close();
  }

  @Test
  void nothingListeningIsUnreachable() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    BackendContactException error = startFails("unreachable",
        new ConfigBuilder().withMasterUrl("http://127.0.0.1:" + closedPort).build(), kube -> { });
    assertThat(error.reason()).isEqualTo(Reason.UNREACHABLE);
    assertThat(error).hasMessageContaining("127.0.0.1:" + closedPort).hasMessageContaining("Check the server's address");
  }

  @Test
  void rejectedCredentialsAreUnauthorized() {
    server.api().faults().failNextRequests(1000, () -> new SourceException("Unauthorized", 401, null));
    BackendContactException error = startFails("unauthorized", server.clientConfig(), kube -> { });
    assertThat(error.reason()).isEqualTo(Reason.UNAUTHORIZED);
    assertThat(error).hasMessageContaining("401");
  }

  @Test
  void aForbiddenTypeIsNamed() {
    forbid(CONFIG_MAPS, "configmaps is forbidden: User \"app\" cannot list resource \"configmaps\"");
    BackendContactException error = startFails("forbidden-type", server.clientConfig(), kube -> { });
    assertThat(error.reason()).isEqualTo(Reason.FORBIDDEN);
    assertThat(error.what()).contains("ConfigMap");
    assertThat(error).hasMessageContaining("cannot list resource").hasMessageContaining("grant list and watch");
  }

  @Test
  void forbiddenCrdListingSaysHowToTurnTheWatchOff() {
    forbid(CRDS, "customresourcedefinitions.apiextensions.k8s.io is forbidden: User \"app\" cannot list resource");
    BackendContactException error = startFails("forbidden-crds", server.clientConfig(), kube -> { });
    assertThat(error.reason()).isEqualTo(Reason.FORBIDDEN);
    assertThat(error.what()).contains("customresourcedefinitions");
    assertThat(error).hasMessageContaining("watchNewTypes(false)").hasMessageContaining("informer4j.watch-new-types");
  }

  @Test
  void withTheCrdWatchOffAForbiddenCrdListingDoesNotMatter() throws InterruptedException {
    forbid(CRDS, "customresourcedefinitions is forbidden");
    try (KubernetesBackend kube = KubernetesBackend.connect(server.clientConfig());
         Manager manager = Manager.builder(kube).name("no-crd-watch").watchNewTypes(false).build()) {
      manager.controller("flags", kube.type(ConfigMap.class)).reconcile(key -> Result.done());
      manager.start();
      assertThat(manager.stopped()).isNotDone();
      assertThat(server.requests()).noneMatch(request -> request.path().contains("customresourcedefinitions"));
    }
  }

  @Test
  void aFailedTlsHandshakeIsTls() {
    Config plainServerOverTls = new ConfigBuilder(server.clientConfig())
        .withMasterUrl(server.url().replace("http://", "https://")).withTrustCerts(true).build();
    BackendContactException error = startFails("tls", plainServerOverTls, kube -> { });
    assertThat(error.reason()).isEqualTo(Reason.TLS);
    assertThat(error).hasMessageContaining("TLS handshake");
  }

  /** Refuses every list and watch of {@code type} (watch-list included) with a 403. */
  private void forbid(TypeKey type, String message) {
    server.api().faults().failNextLists(type, 1000, () -> new ForbiddenException(message))
        .failNextWatches(type, 1000, () -> new ForbiddenException(message));
  }

  private static BackendContactException startFails(String name, Config config, Consumer<KubernetesBackend> setup) {
    try (KubernetesBackend kube = KubernetesBackend.connect(config)) {
      setup.accept(kube);
      Manager manager = Manager.builder(kube).name(name).startTimeout(Duration.ofSeconds(20)).build();
      manager.controller("flags", kube.type(ConfigMap.class)).reconcile(key -> Result.done());
      manager.cache().reader(kube.type(Secret.class));
      BackendContactException error = catchThrowableOfType(BackendContactException.class, manager::start);
      assertThat(error).as("start() of %s", name).isNotNull();
      assertThat(manager.stopped()).isDone();
      assertThat(Thread.getAllStackTraces().keySet()).filteredOn(Thread::isAlive).extracting(Thread::getName)
          .noneMatch(thread -> thread.startsWith("informer4j-" + name + "-"));
      return error;
    }
  }
}
