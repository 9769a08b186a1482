package io.informer4j.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.meta.TypeKey;
import io.informer4j.source.ResourceVersionOrder;
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
        .withRequestRetryBackoffLimit(0).withConnectionTimeout(2_000).build()).build();
         KubernetesBackend backend = KubernetesBackend.using(client)) {
      assertThat(backend.resourceVersionOrder(CONFIG_MAPS)).isEqualTo(ResourceVersionOrder.OPAQUE);
    }
  }
}
