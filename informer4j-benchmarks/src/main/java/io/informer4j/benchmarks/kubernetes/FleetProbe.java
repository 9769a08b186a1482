package io.informer4j.benchmarks.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.informer4j.controller.Result;
import io.informer4j.fleet.ClusterDefinition;
import io.informer4j.fleet.EngagedCluster;
import io.informer4j.fleet.FixedClusterProvider;
import io.informer4j.fleet.FleetManager;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.reader.MapEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * A fleet watched by informer4j's {@link FleetManager} with its defaults: a
 * {@link FixedClusterProvider} over the clusters' URLs (each engaged with a {@link KubernetesBackend}
 * of its own), and one ConfigMap controller declared once, so each cluster has its manager, cache
 * and ConfigMap informer over all namespaces, on the fleet's one runtime. The reconciler counts each
 * request as an add: every ConfigMap of the initial lists is reconciled once, after its cluster's
 * cache synced, so the count reaches the objects only once every cluster's cache has synced and its
 * controller has seen every object.
 */
final class FleetProbe implements ProbeClient {

  private final FleetManager fleet;
  private final int clusters;

  /** @param urls the clusters' API server URLs, engaged as {@code cluster-0 …} */
  FleetProbe(List<String> urls) {
    List<ClusterDefinition> definitions = new ArrayList<>();
    for (int i = 0; i < urls.size(); i++) {
      String url = urls.get(i);
      definitions.add(new ClusterDefinition("cluster-" + i,
          () -> KubernetesBackend.connect(new ConfigBuilder().withMasterUrl(url).build())));
    }
    this.clusters = urls.size();
    this.fleet = FleetManager.builder(new FixedClusterProvider(definitions)).name("probe").build();
  }

  /** Declares the controller and starts the fleet; {@code informers} must be 1. */
  @Override
  public void start(int informers, LongAdder adds, LongAdder updates) {
    requireOneInformer(informers);
    fleet.controller("config-maps", ConfigMap.class).reconcile((request, cluster) -> {
      adds.increment();
      return Result.done();
    });
    fleet.start();
  }

  /** True once every cluster is engaged and ready (its caches synced), the fleet's readiness under its policy. */
  @Override
  public boolean reportsSynced() {
    return fleet.clusters().size() == clusters && fleet.isReady();
  }

  @Override
  public int cached() {
    int cached = 0;
    for (EngagedCluster cluster : fleet.clusters()) {
      for (MapEntry<ConfigMap> entry : cluster.cache().informersOf(cluster.backend().type(ConfigMap.class), false)) {
        cached += entry.informer().indexer().list().size();
      }
    }
    return cached;
  }

  @Override
  public String describe() {
    return fleet.status().toString();
  }

  @Override
  public void close() {
    fleet.close();
  }

  /** Fails unless {@code informers} is 1: a fleet probe watches each cluster with one informer. */
  static void requireOneInformer(int informers) {
    if (informers != 1) {
      throw new IllegalArgumentException("a fleet probe runs one informer per cluster, not " + informers);
    }
  }
}
