package io.informer4j.examples;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.controller.Result;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectType;
import io.informer4j.reader.CacheOptions;
import io.informer4j.reader.CacheReader;
import java.util.List;
import java.util.function.Consumer;

/**
 * A controller of the ConfigMaps of some namespaces of a Kubernetes cluster: the cache lists and
 * watches only those namespaces (one informer each), the controller reconciles each change by
 * reading the ConfigMap from the cache.
 *
 * <pre>{@code
 * java -cp ... io.informer4j.examples.KubernetesNamespaceController shop payments
 * }</pre>
 *
 * The cluster comes from the kubeconfig ({@code KUBECONFIG}, {@code ~/.kube/config}) or the in-cluster
 * service account; the account needs list and watch on ConfigMaps in those namespaces.
 */
public final class KubernetesNamespaceController {

  private KubernetesNamespaceController() {
  }

  /**
   * Starts a manager with the controller; returns it running (close it to stop).
   *
   * @param kube       the cluster (stays the caller's)
   * @param namespaces the namespaces whose ConfigMaps are reconciled
   * @param reconciled told what each reconcile saw
   */
  public static Manager start(KubernetesBackend kube, List<String> namespaces, Consumer<String> reconciled) {
    CacheOptions.Builder cached = CacheOptions.builder();
    namespaces.forEach(cached::namespace);
    Manager manager = Manager.builder(kube).cacheOptions(cached.build()).build();
    ObjectType<ConfigMap> configMaps = kube.type(ConfigMap.class);
    CacheReader<ConfigMap> cache = manager.cache().reader(configMaps);
    manager.controller("configmaps", configMaps).namespaces(NamespaceFilter.of(namespaces, List.of())).workers(2)
        .reconcile(key -> {
          reconciled.accept(cache.find(key).map(configMap -> key + ": "
              + (configMap.getData() == null ? 0 : configMap.getData().size()) + " keys").orElse("deleted " + key));
          return Result.done();
        });
    manager.start();
    return manager;
  }

  /** Runs the controller over the namespaces in {@code args} ({@code default} when none) until Ctrl-C. */
  public static void main(String[] args) throws Exception {
    List<String> namespaces = args.length > 0 ? List.of(args) : List.of("default");
    try (KubernetesBackend kube = KubernetesBackend.connect();
         Manager manager = start(kube, namespaces, System.out::println)) {
      manager.run();
    }
  }
}
