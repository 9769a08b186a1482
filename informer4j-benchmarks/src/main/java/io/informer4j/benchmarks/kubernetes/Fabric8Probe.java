package io.informer4j.benchmarks.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/** fabric8 8.0.0's own {@code SharedIndexInformer}s, one client for all of them. */
final class Fabric8Probe implements ProbeClient {

  private final KubernetesClient client;
  private final List<SharedIndexInformer<ConfigMap>> informers = new ArrayList<>();

  Fabric8Probe(String url) {
    this.client = new KubernetesClientBuilder().withConfig(new ConfigBuilder().withMasterUrl(url).build()).build();
  }

  @Override
  public void start(int count, LongAdder adds, LongAdder updates) {
    ResourceEventHandler<ConfigMap> handler = new ResourceEventHandler<>() {
      @Override
      public void onAdd(ConfigMap object) {
        adds.increment();
      }

      @Override
      public void onUpdate(ConfigMap oldObject, ConfigMap newObject) {
        updates.increment();
      }

      @Override
      public void onDelete(ConfigMap object, boolean deletedFinalStateUnknown) {
      }
    };
    for (int i = 0; i < count; i++) {
      String namespace = ProbeClient.namespaceOf(i, count);
      SharedIndexInformer<ConfigMap> informer = namespace == null
          ? client.configMaps().inAnyNamespace().runnableInformer(0)
          : client.configMaps().inNamespace(namespace).runnableInformer(0);
      informer.addEventHandler(handler);
      informers.add(informer);
      informer.start();
    }
  }

  /** fabric8's {@code hasSynced()}: the initial list is in the store. */
  @Override
  public boolean reportsSynced() {
    return !informers.isEmpty() && informers.stream().allMatch(SharedIndexInformer::hasSynced);
  }

  @Override
  public int cached() {
    return informers.stream().mapToInt(i -> i.getStore().list().size()).sum();
  }

  @Override
  public void close() {
    informers.forEach(SharedIndexInformer::close);
    client.close();
  }
}
