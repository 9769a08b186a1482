package io.informer4j.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.kubernetes.testserver.KubernetesTestServer;
import io.informer4j.kubernetes.testserver.TestServerClusters;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fleet example against a hub and three member clusters, all in-process test servers: a
 * labelled hub ConfigMap is copied into every member, its changes follow, its deletion removes the
 * copies, and the hub's status ConfigMap reports each member.
 */
class FleetConfigMapSyncTest {

  private static final Duration WAIT = Duration.ofSeconds(60);

  private static ConfigMap source(String name, Map<String, String> data) {
    return new ConfigMapBuilder().withNewMetadata().withNamespace("default").withName(name)
        .addToLabels(FleetConfigMapSync.LABEL, "true").endMetadata().withData(data).build();
  }

  private static Map<String, String> dataIn(KubernetesClient client, String name) {
    ConfigMap found = client.configMaps().inNamespace("default").withName(name).get();
    return found == null ? null : found.getData();
  }

  @Test
  void copiesALabelledConfigMapIntoEveryMemberAndReportsEachInTheHub() {
    try (KubernetesTestServer hubServer = KubernetesTestServer.start().serve(ConfigMap.class);
         KubernetesClient hubClient = hubServer.newClient();
         KubernetesBackend hub = KubernetesBackend.connect(hubServer.clientConfig());
         TestServerClusters members = TestServerClusters.start(3, server -> server.serve(ConfigMap.class),
             KubernetesBackend::connect);
         FleetConfigMapSync sync = FleetConfigMapSync.start(hub, "default", members)) {
      List<KubernetesClient> memberClients = members.names().stream().map(n -> members.server(n).newClient()).toList();
      try {
        hubClient.resource(source("settings", Map.of("mode", "blue"))).create();
        hubClient.resource(new ConfigMapBuilder().withNewMetadata().withNamespace("default").withName("local")
            .endMetadata().build()).create();
        await().atMost(WAIT).untilAsserted(() -> assertThat(memberClients)
            .allSatisfy(c -> assertThat(dataIn(c, "settings")).containsEntry("mode", "blue")));
        await().atMost(WAIT).untilAsserted(() -> assertThat(dataIn(hubClient, FleetConfigMapSync.STATUS))
            .containsOnlyKeys(members.names()).allSatisfy((member, line) -> assertThat(line).isEqualTo("1/1 in sync")));
        assertThat(memberClients).allSatisfy(c -> assertThat(dataIn(c, "local")).as("unlabelled: not copied").isNull());

        hubClient.resource(source("settings", Map.of("mode", "green"))).update();
        await().atMost(WAIT).untilAsserted(() -> assertThat(memberClients)
            .allSatisfy(c -> assertThat(dataIn(c, "settings")).containsEntry("mode", "green")));

        hubClient.configMaps().inNamespace("default").withName("settings").delete();
        await().atMost(WAIT).untilAsserted(() -> assertThat(memberClients)
            .allSatisfy(c -> assertThat(dataIn(c, "settings")).isNull()));
        await().atMost(WAIT).untilAsserted(() -> assertThat(dataIn(hubClient, FleetConfigMapSync.STATUS))
            .allSatisfy((member, line) -> assertThat(line).isEqualTo("0/0 in sync")));
        assertThat(sync.fleet().isReady()).isTrue();
      } finally {
        memberClients.forEach(KubernetesClient::close);
      }
    }
  }
}
