package io.informer4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.ByteSequence;
import io.fabric8.kubernetes.api.model.Secret;
import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.kubernetes.ResourceDescriptor;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged program ({@code target/informer4j-cli.jar}, what {@code bin/informer4j} runs) works
 * with its own class path: the Kubernetes client's HTTP transport, etcd's gRPC transport and the
 * demo are all inside. Runs in the {@code integration-test} phase, after the jar is built.
 */
class PackagedJarTest {

  private static final Path JAR = Path.of("target", "informer4j-cli.jar");
  private static final ResourceDescriptor SECRETS =
      new ResourceDescriptor(TypeKey.of("", "v1", "Secret"), "secrets", Scope.NAMESPACED);

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();

  @TempDir
  Path dir;

  @Test
  void watchesKubernetes() throws Exception {
    try (SimulatedApi api = SimulatedApi.builder().build();
         KubernetesTestServer server = KubernetesTestServer.start(api).serve(Secret.class)) {
      api.create(SECRETS.type(), SimObject.of("shop", "token"));
      api.create(SECRETS.type(), SimObject.of("shop", "password"));
      Path kubeconfig = Kubeconfigs.forServer(dir, server.url());
      try (CliProcess watch = CliProcess.startJar(JAR, "watch", "--kubeconfig", kubeconfig.toString(), "--resource",
          "v1/secrets", "--duration", "2s", "--no-dashboard")) {
        assertThat(watch.waitFor(60)).as(watch.output()).isZero();
        assertThat(SummaryLine.of(watch.out(), "Secret").orElseThrow(() -> new AssertionError(watch.output())).reconciles())
            .isEqualTo(2);
      }
    }
  }

  @Test
  void watchesEtcd() throws Exception {
    String prefix = ETCD.newPrefix("packaged");
    ETCD.client().getKVClient().put(ByteSequence.from(prefix + "/shop/a", StandardCharsets.UTF_8),
        ByteSequence.from("{\"on\":true}", StandardCharsets.UTF_8)).get(10, TimeUnit.SECONDS);
    try (CliProcess watch = CliProcess.startJar(JAR, "watch", "--etcd", ETCD.server().endpoint(), "--prefix", prefix,
        "--duration", "2s", "--no-dashboard")) {
      assertThat(watch.waitFor(60)).as(watch.output()).isZero();
      assertThat(SummaryLine.of(watch.out(), prefix + "/").orElseThrow(() -> new AssertionError(watch.output())).reconciles())
          .isEqualTo(1);
    }
  }

  @Test
  void runsTheDemo() throws Exception {
    try (CliProcess demo = CliProcess.startJar(JAR, "demo", "--duration", "3s", "--objects", "50", "--no-dashboard")) {
      assertThat(demo.waitFor(60)).as(demo.output()).isZero();
      assertThat(demo.out()).contains("  events from disallowed namespaces that reached a queue: 0");
    }
  }
}
