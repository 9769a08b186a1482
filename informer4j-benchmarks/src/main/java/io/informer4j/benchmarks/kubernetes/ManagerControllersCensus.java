package io.informer4j.benchmarks.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.informer4j.controller.Result;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectType;
import java.util.concurrent.atomic.LongAdder;

/**
 * Controllers over the ConfigMaps of every namespace on a {@link Manager} with its defaults, each
 * with the default single worker and a reconciler that only counts; they share the manager's one
 * informer of the type, each with its own handler and queue.
 */
final class ManagerControllersCensus implements CensusSubject {

  private final KubernetesBackend backend;
  private Manager manager;

  ManagerControllersCensus(String url) {
    this.backend = KubernetesBackend.connect(new ConfigBuilder().withMasterUrl(url).build());
  }

  @Override
  public void start(int size, LongAdder seen) {
    manager = Manager.builder(backend).name("census").build();
    ObjectType<ConfigMap> configMaps = backend.type(ConfigMap.class);
    for (int i = 0; i < size; i++) {
      manager.controller("configmaps-" + i, configMaps).reconcile(key -> {
        seen.increment();
        return Result.done();
      });
    }
    manager.start();
  }

  /** Every controller reconciles every object at least once. */
  @Override
  public long target(int size, int objects) {
    return (long) size * objects;
  }

  @Override
  public void close() {
    if (manager != null) {
      manager.close();
    }
    backend.close();
  }
}
