package io.informer4j.fleet;

import io.informer4j.informer.InformerRuntime;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reports a fixed list of clusters at start and nothing after. Thread-safe. */
public final class FixedClusterProvider implements ClusterProvider {

  private final List<ClusterDefinition> clusters;

  /**
   * Serves {@code clusters}.
   *
   * @throws IllegalArgumentException if two share a name
   */
  public FixedClusterProvider(List<ClusterDefinition> clusters) {
    this.clusters = List.copyOf(clusters);
    Set<String> names = new HashSet<>();
    for (ClusterDefinition cluster : this.clusters) {
      if (!names.add(cluster.name())) {
        throw new IllegalArgumentException("two clusters are named '" + cluster.name() + "'");
      }
    }
  }

  @Override
  public void start(ClusterListener listener, InformerRuntime runtime) {
    clusters.forEach(listener::appeared);
  }

  @Override
  public void close() {
    // nothing runs
  }
}
