package io.informer4j.fleet;

/**
 * Learns of a {@link ClusterProvider}'s clusters. Calls for one cluster come in order from one
 * thread at a time; they may block while a cluster is engaged or disengaged (bounded by the fleet's
 * stop timeout).
 */
public interface ClusterListener {

  /** A cluster appeared (or a provider reports its clusters at start): engage it. */
  void appeared(ClusterDefinition cluster);

  /** A cluster's definition changed (a new kubeconfig): disengage it, then engage it anew. */
  void changed(ClusterDefinition cluster);

  /** The cluster named {@code name} disappeared: disengage it; unknown names are ignored. */
  void disappeared(String name);
}
