package io.informer4j.benchmarks.kubernetes;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * A fleet watched the way fabric8 8.0.0 offers: one {@link Fabric8Probe} per cluster — its own
 * {@code KubernetesClient} and one ConfigMap {@code SharedIndexInformer} over all namespaces — all in
 * one JVM, every handler counting into the same adds and updates.
 */
final class Fabric8FleetProbe implements ProbeClient {

  private final List<Fabric8Probe> clusters = new ArrayList<>();

  /** @param urls the clusters' API server URLs */
  Fabric8FleetProbe(List<String> urls) {
    urls.forEach(url -> clusters.add(new Fabric8Probe(url)));
  }

  /** Starts one informer per cluster; {@code informers} must be 1. */
  @Override
  public void start(int informers, LongAdder adds, LongAdder updates) {
    FleetProbe.requireOneInformer(informers);
    for (Fabric8Probe cluster : clusters) {
      cluster.start(1, adds, updates);
    }
  }

  /** True once every cluster's informer {@code hasSynced()}. */
  @Override
  public boolean reportsSynced() {
    return clusters.stream().allMatch(Fabric8Probe::reportsSynced);
  }

  @Override
  public int cached() {
    return clusters.stream().mapToInt(Fabric8Probe::cached).sum();
  }

  @Override
  public void close() {
    clusters.forEach(Fabric8Probe::close);
  }
}
