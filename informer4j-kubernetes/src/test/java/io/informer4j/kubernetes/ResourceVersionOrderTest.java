package io.informer4j.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.ResourceVersionOrder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Comparable resourceVersions (KEP-5504): numeric from Kubernetes 1.35, compared for equality before. */
class ResourceVersionOrderTest {

  private static final TypeKey CONFIG_MAPS = TypeKey.of("", "v1", "ConfigMap");

  private static ResourceVersionOrder orderOf(KubernetesTestServer server) {
    try (KubernetesClient client = server.newClient(); KubernetesBackend backend = KubernetesBackend.using(client)) {
      return backend.resourceVersionOrder(CONFIG_MAPS);
    }
  }

  @Test
  void aServerFrom135ComparesResourceVersionsAndAnOlderOneOnlyForEquality() {
    try (KubernetesTestServer server = KubernetesTestServer.start()) {
      assertThat(orderOf(server)).as("the test server says v1.35.0").isEqualTo(ResourceVersionOrder.NUMERIC);
      server.reportKubernetesVersion("v1.34.2");
      assertThat(orderOf(server)).isEqualTo(ResourceVersionOrder.OPAQUE);
    }
  }

  @Test
  void versionsThatDoNotParseAndServersThatDoNotAnswerAreOpaque() {
    assertThat(ResourceVersionGuarantee.of("1", "35+")).isEqualTo(ResourceVersionOrder.NUMERIC);
    assertThat(ResourceVersionGuarantee.of("2", "0")).isEqualTo(ResourceVersionOrder.NUMERIC);
    assertThat(ResourceVersionGuarantee.of("1", "34")).isEqualTo(ResourceVersionOrder.OPAQUE);
    assertThat(ResourceVersionGuarantee.of("", "x")).isEqualTo(ResourceVersionOrder.OPAQUE);

    String gone;
    try (KubernetesTestServer server = KubernetesTestServer.start()) {
      gone = server.url();
    }
    try (KubernetesClient client = new KubernetesClientBuilder().withConfig(new ConfigBuilder().withMasterUrl(gone)
        .withConnectionTimeout(2_000).build()).build();
         KubernetesBackend backend = KubernetesBackend.using(client)) {
      assertThat(backend.resourceVersionOrder(CONFIG_MAPS)).isEqualTo(ResourceVersionOrder.OPAQUE);
    }
  }

  /**
   * The version probe is one request: fabric8's retries (ten by default, about 19 s of backoff) would
   * hold a manager's start back before it could report an unreachable server.
   */
  @Test
  void theVersionIsAskedOnceWithoutFabric8sRetries() throws Exception {
    AtomicInteger connections = new AtomicInteger();
    try (ServerSocket hangingUp = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread acceptor = new Thread(() -> {
        while (!hangingUp.isClosed()) {
          try (Socket connection = hangingUp.accept()) {
            connections.incrementAndGet();
          } catch (IOException closed) {
            return;
          }
        }
      }, "hanging-up-server");
      acceptor.start();
      String url = "http://127.0.0.1:" + hangingUp.getLocalPort();
      try (KubernetesBackend backend = KubernetesBackend.connect(new ConfigBuilder().withMasterUrl(url).build())) {
        assertThat(new ConfigBuilder().build().getRequestRetryBackoffLimit()).as("fabric8's default").isPositive();
        assertThat(backend.resourceVersionOrder(CONFIG_MAPS)).isEqualTo(ResourceVersionOrder.OPAQUE);
        assertThat(connections).as("connections of the one probe").hasValue(1);
      } finally {
        hangingUp.close();
        acceptor.join(10_000);
      }
    }
  }
}
