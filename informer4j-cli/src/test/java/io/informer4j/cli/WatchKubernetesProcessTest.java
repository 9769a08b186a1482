package io.informer4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.STRING;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.ForbiddenException;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code informer4j watch} against the project's Kubernetes test server, as a separate process. */
class WatchKubernetesProcessTest {

  private static final ResourceDescriptor CONFIG_MAPS =
      new ResourceDescriptor(TypeKey.of("", "v1", "ConfigMap"), "configmaps", Scope.NAMESPACED);

  private static SimulatedApi api;
  private static KubernetesTestServer server;

  @TempDir
  Path dir;

  @BeforeAll
  static void startServer() {
    api = SimulatedApi.builder().build();
    server = KubernetesTestServer.start(api).serve(ConfigMap.class);
    for (int i = 0; i < 30; i++) {
      api.create(CONFIG_MAPS.type(), SimObject.of("shop", "settings-" + i));
      api.create(CONFIG_MAPS.type(), SimObject.of("kube-system", "system-" + i));
    }
  }

  @AfterAll
  static void stopServer() {
    server.close();
    api.close();
  }

  @Test
  void watchSyncsAConfigMapsNamespaceAndReconcilesOnlyIt() throws Exception {
    Path kubeconfig = Kubeconfigs.forServer(dir, server.url());
    try (CliProcess watch = CliProcess.start("watch", "--kubeconfig", kubeconfig.toString(), "--resource", "configmaps",
        "--namespace", "shop", "--duration", "5s", "--no-dashboard")) {
      int exit = watch.waitFor(60);

      assertThat(exit).as(watch.output()).isZero();
      List<String> out = watch.out();
      assertThat(out).as(watch.output()).anyMatch(line -> line.contains("ConfigMap state=WATCHING synced=true cache=30 "));
      SummaryLine summary = SummaryLine.of(out, "ConfigMap").orElseThrow(() -> new AssertionError(watch.output()));
      assertThat(summary.events()).isEqualTo(30);
      assertThat(summary.reconciles()).isEqualTo(30);
      assertThat(summary.disallowed()).isZero();
    }
  }

  @Test
  void aForbiddenListEndsWithOneClearLine() throws Exception {
    Path kubeconfig = Kubeconfigs.forServer(dir, server.url());
    api.faults().failNextLists(CONFIG_MAPS.type(), 1,
        () -> new ForbiddenException("configmaps is forbidden: User \"bob\" cannot list resource \"configmaps\""));
    try (CliProcess watch = CliProcess.start("watch", "--kubeconfig", kubeconfig.toString(), "--resource", "configmaps",
        "--no-dashboard")) {
      int exit = watch.waitFor(60);

      assertThat(exit).as(watch.output()).isEqualTo(1);
      assertThat(watch.err()).as(watch.output()).singleElement(STRING)
          .startsWith("informer4j: forbidden (403): the credentials may not list configmaps on the Kubernetes API server at "
              + server.url())
          .contains("User \"bob\" cannot list");
    }
  }

  @Test
  void anUnknownResourceEndsWithOneClearLine() throws Exception {
    Path kubeconfig = Kubeconfigs.forServer(dir, server.url());
    try (CliProcess watch = CliProcess.start("watch", "--kubeconfig", kubeconfig.toString(), "--resource",
        "example.com/v1/widgets", "--no-dashboard")) {
      int exit = watch.waitFor(60);

      assertThat(exit).as(watch.output()).isEqualTo(1);
      assertThat(watch.err()).as(watch.output()).singleElement(STRING)
          .startsWith("informer4j: unknown resource: example.com/v1/widgets is not served by the Kubernetes API server at "
              + server.url());
    }
  }
}
