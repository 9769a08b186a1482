package com.example.app;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.informer4j.controller.Result;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectType;
import io.informer4j.reader.CacheReader;
import java.util.function.Consumer;

/** Reconciles the ConfigMaps of the cluster the kubeconfig names, printing each key it saw. */
public final class App {

  private App() {
  }

  /** Starts a manager with the controller over {@code kube}; returns it running (close it to stop). */
  public static Manager start(KubernetesBackend kube, Consumer<String> reconciled) {
    Manager manager = Manager.builder(kube).build();
    ObjectType<ConfigMap> configMaps = kube.type(ConfigMap.class);
    CacheReader<ConfigMap> cache = manager.cache().reader(configMaps);
    manager.controller("configmaps", configMaps).reconcile(key -> {
      cache.find(key).ifPresent(configMap -> reconciled.accept(key.toString()));
      return Result.done();
    });
    manager.start();
    return manager;
  }

  public static void main(String[] args) throws Exception {
    try (KubernetesBackend kube = KubernetesBackend.connect();
         Manager manager = start(kube, key -> System.out.println("reconciled " + key))) {
      manager.run();
    }
  }
}
