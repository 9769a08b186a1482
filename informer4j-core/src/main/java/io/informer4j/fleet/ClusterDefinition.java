package io.informer4j.fleet;

import java.util.Objects;

/**
 * A cluster as a {@link ClusterProvider} reports it: its name, unique within the provider, and how
 * to connect to it.
 *
 * @param name      the cluster's name: not blank, the {@code cluster} tag of its metrics
 * @param connector builds the cluster's backend
 */
public record ClusterDefinition(String name, BackendConnector connector) {

  /**
   * Checks the parts.
   *
   * @throws IllegalArgumentException if the name is blank
   */
  public ClusterDefinition {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(connector, "connector");
    if (name.isBlank()) {
      throw new IllegalArgumentException("a cluster needs a name");
    }
  }
}
