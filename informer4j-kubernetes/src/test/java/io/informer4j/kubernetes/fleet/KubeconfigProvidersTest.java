package io.informer4j.kubernetes.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.controller.Result;
import io.informer4j.fleet.ClusterStatus;
import io.informer4j.fleet.FleetManager;
import io.informer4j.fleet.FleetStartException;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kubeconfig providers against in-process test servers: files in a directory and labelled
 * Secrets in a hub each engage a cluster, a changed kubeconfig re-engages it, a removed one
 * disengages it, and a malformed one shows as a failed cluster.
 */
class KubeconfigProvidersTest {

  private static final Duration WAIT = Duration.ofSeconds(30);

  private final KubernetesTestServer east = KubernetesTestServer.start().serve(ConfigMap.class);
  private final KubernetesTestServer west = KubernetesTestServer.start().serve(ConfigMap.class);
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @AfterEach
  void stopServers() {
    east.close();
    west.close();
  }

  private FleetManager fleet(io.informer4j.fleet.ClusterProvider provider) {
    FleetManager fleet = FleetManager.builder(provider).meterRegistry(registry).stopTimeout(Duration.ofSeconds(5))
        .build();
    fleet.controller("config-maps", ConfigMap.class).reconcile((request, cluster) -> Result.done());
    return fleet;
  }

  private double engagements() {
    return registry.get("informer4j_fleet_engagements_total").counter().count();
  }

  @Test
  void kubeconfigFilesInADirectoryEngageReengageAndDisengageTheirClusters(@TempDir Path directory) throws Exception {
    east.writeKubeconfig(directory.resolve("east.yaml"));
    Files.writeString(directory.resolve(".hidden.yaml"), "not a cluster");
    Files.createDirectory(directory.resolve("archive"));
    KubeconfigDirectoryProvider provider = KubeconfigDirectoryProvider.builder(directory)
        .rescanInterval(Duration.ofMillis(100)).build();
    try (FleetManager fleet = fleet(provider)) {
      fleet.start();
      assertThat(fleet.clusterNames()).containsExactly("east");
      await().atMost(WAIT).until(fleet::isReady);

      west.writeKubeconfig(directory.resolve("west.kubeconfig"));
      await().atMost(WAIT).until(() -> fleet.clusterNames().equals(List.of("east", "west")));

      Files.writeString(directory.resolve("east.yaml"), west.kubeconfig());
      await().atMost(WAIT).until(() -> engagements() == 3.0);
      west.writeKubeconfig(directory.resolve("west.yml"));
      await().atMost(WAIT).until(() -> provider.skipped() > 0);
      assertThat(fleet.clusterNames()).containsExactly("east", "west");

      Files.writeString(directory.resolve("broken.yaml"), "clusters: [ this is not a kubeconfig");
      await().atMost(WAIT).until(() -> fleet.clusterNames().contains("broken"));
      assertThat(fleet.status()).filteredOn(s -> s.cluster().equals("broken")).singleElement()
          .extracting(ClusterStatus::failure).isNotNull();

      Files.delete(directory.resolve("west.kubeconfig"));
      Files.delete(directory.resolve("west.yml"));
      Files.delete(directory.resolve("broken.yaml"));
      await().atMost(WAIT).until(() -> fleet.clusterNames().equals(List.of("east")));
    }
  }

  @Test
  void aMissingDirectoryFailsTheStart(@TempDir Path directory) {
    KubeconfigDirectoryProvider provider = KubeconfigDirectoryProvider.builder(directory.resolve("absent")).build();
    try (FleetManager fleet = fleet(provider)) {
      assertThatThrownBy(fleet::start).isInstanceOf(FleetStartException.class)
          .hasCauseInstanceOf(NoSuchFileException.class);
    }
    assertThatThrownBy(() -> KubeconfigDirectoryProvider.builder(directory).rescanInterval(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static Secret kubeconfigSecret(String name, String kubeconfig, boolean labelled) {
    SecretBuilder secret = new SecretBuilder().withNewMetadata().withNamespace("default").withName(name)
        .addToLabels(labelled ? KubeconfigSecretProvider.DEFAULT_LABEL : "other", "true").endMetadata();
    if (kubeconfig != null) {
      secret.addToData(KubeconfigSecretProvider.DEFAULT_KEY,
          Base64.getEncoder().encodeToString(kubeconfig.getBytes(StandardCharsets.UTF_8)));
    }
    return secret.build();
  }

  @Test
  void kubeconfigSecretsInAHubEngageReengageAndDisengageTheirClusters() {
    try (KubernetesTestServer hubServer = KubernetesTestServer.start().serve(Secret.class);
         KubernetesClient hubClient = hubServer.newClient();
         KubernetesBackend hub = KubernetesBackend.connect(hubServer.clientConfig())) {
      hubClient.resource(kubeconfigSecret("east", east.kubeconfig(), true)).create();
      hubClient.resource(kubeconfigSecret("ignored", west.kubeconfig(), false)).create();
      KubeconfigSecretProvider provider = KubeconfigSecretProvider.builder(hub, "default").build();
      try (FleetManager fleet = fleet(provider)) {
        fleet.start();
        await().atMost(WAIT).until(() -> fleet.clusterNames().equals(List.of("east")) && fleet.isReady());

        hubClient.resource(kubeconfigSecret("west", west.kubeconfig(), true)).create();
        await().atMost(WAIT).until(() -> fleet.clusterNames().equals(List.of("east", "west")));

        hubClient.resource(kubeconfigSecret("east", west.kubeconfig(), true)).update();
        await().atMost(WAIT).until(() -> engagements() == 3.0);

        hubClient.resource(kubeconfigSecret("empty", null, true)).create();
        await().atMost(WAIT).until(() -> provider.skipped() == 1);

        hubClient.secrets().inNamespace("default").withName("west").delete();
        await().atMost(WAIT).until(() -> fleet.clusterNames().equals(List.of("east")));
      }
    }
  }
}
