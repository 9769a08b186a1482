package io.informer4j.kubernetes.testserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.informer4j.fleet.ClusterDefinition;
import io.informer4j.fleet.ClusterListener;
import io.informer4j.fleet.ClusterProvider;
import io.informer4j.testkit.SimulatedApi;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The test server fleet reports its servers to its own listener and to every further provider (one
 * per replica of a sharded fleet); a provider that closes stops hearing of changes and leaves the
 * servers running.
 */
class TestServerClustersTest {

  /** Records what a provider reported, as {@code appeared:name}, {@code changed:name}, {@code disappeared:name}. */
  private static final class Recording implements ClusterListener {
    final List<String> heard = new CopyOnWriteArrayList<>();

    @Override
    public void appeared(ClusterDefinition cluster) {
      heard.add("appeared:" + cluster.name());
    }

    @Override
    public void changed(ClusterDefinition cluster) {
      heard.add("changed:" + cluster.name());
    }

    @Override
    public void disappeared(String name) {
      heard.add("disappeared:" + name);
    }
  }

  @Test
  void everyProviderHearsOfTheServersAndAClosedOneLeavesThemRunning() throws Exception {
    try (TestServerClusters clusters = TestServerClusters.start(2, server -> server.serve(ConfigMap.class),
        config -> SimulatedApi.builder().build())) {
      Recording own = new Recording();
      Recording replica = new Recording();
      ClusterProvider second = clusters.provider();
      clusters.start(own, null);
      second.start(replica, null);
      assertThat(replica.heard).containsExactly("appeared:cluster-0", "appeared:cluster-1");
      assertThatThrownBy(() -> second.start(new Recording(), null)).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("started already");

      clusters.add("late");
      clusters.reconnect("cluster-0");
      second.close();
      clusters.remove("cluster-1");

      assertThat(own.heard).containsExactly("appeared:cluster-0", "appeared:cluster-1", "appeared:late",
          "changed:cluster-0", "disappeared:cluster-1");
      assertThat(replica.heard).containsExactly("appeared:cluster-0", "appeared:cluster-1", "appeared:late",
          "changed:cluster-0");
      try (KubernetesClient client = clusters.server("cluster-0").newClient()) {
        client.configMaps().inNamespace("default").resource(new ConfigMapBuilder().withNewMetadata()
            .withName("still-served").endMetadata().build()).create();
        assertThat(client.configMaps().inNamespace("default").withName("still-served").get()).isNotNull();
      }
    }
  }
}
