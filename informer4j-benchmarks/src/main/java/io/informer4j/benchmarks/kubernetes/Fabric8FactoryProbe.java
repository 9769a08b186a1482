package io.informer4j.benchmarks.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.SharedInformerFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * fabric8 8.0.0's informers through its {@link SharedInformerFactory} ({@code client.informers()}),
 * one client and one factory for all of them, started together as the factory starts them.
 */
final class Fabric8FactoryProbe implements ProbeClient {

  private final KubernetesClient client;
  private final SharedInformerFactory factory;
  private final List<SharedIndexInformer<ConfigMap>> informers = new ArrayList<>();

  Fabric8FactoryProbe(String url) {
    this.client = new KubernetesClientBuilder().withConfig(new ConfigBuilder().withMasterUrl(url).build()).build();
    this.factory = client.informers();
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
      // the factory's namespace is a setting of the factory that the next informer takes (null: all)
      SharedIndexInformer<ConfigMap> informer = factory.inNamespace(ProbeClient.namespaceOf(i, count))
          .sharedIndexInformerFor(ConfigMap.class, 0);
      informer.addEventHandler(handler);
      informers.add(informer);
    }
    factory.startAllRegisteredInformers();
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
    factory.stopAllRegisteredInformers();
    client.close();
  }
}
