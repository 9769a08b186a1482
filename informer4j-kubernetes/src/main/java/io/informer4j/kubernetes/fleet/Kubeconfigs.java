package io.informer4j.kubernetes.fleet;

import io.fabric8.kubernetes.client.Config;
import io.informer4j.fleet.ClusterDefinition;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.source.Backend;
import java.util.function.Function;

/** Turns a kubeconfig's text into a cluster whose backend is connected from it. */
final class Kubeconfigs {

  /** Connects a backend the default way: {@link KubernetesBackend#connect(Config)}. */
  static final Function<Config, Backend> CONNECT = KubernetesBackend::connect;

  private Kubeconfigs() {
  }

  /**
   * Returns the cluster {@code name} whose backend {@code connector} builds from {@code kubeconfig}
   * (parsed on each connect: a malformed kubeconfig fails the connect, so the fleet reports the
   * cluster failed).
   */
  static ClusterDefinition cluster(String name, String kubeconfig, Function<Config, Backend> connector) {
    return new ClusterDefinition(name, () -> connector.apply(Config.fromKubeconfig(kubeconfig)));
  }
}
