package io.informer4j.benchmarks.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.informer4j.informer.EventHandler;
import io.informer4j.informer.HandlerRegistration;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.manager.Manager;
import io.informer4j.meta.ObjectType;
import io.informer4j.reader.CacheOptions;
import io.informer4j.reader.MapEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * informer4j's informers as a {@link Manager} with its defaults runs them: the manager's cache holds
 * the ConfigMap informers (one over all namespaces, or one per namespace through the cache options'
 * namespaces), each with the counting handler, on the manager's one runtime.
 */
final class ManagerProbe implements ProbeClient {

  private final KubernetesBackend backend;
  private final List<MapEntry<ConfigMap>> entries = new ArrayList<>();
  private final List<HandlerRegistration> registrations = new ArrayList<>();
  private Manager manager;

  ManagerProbe(String url) {
    this.backend = KubernetesBackend.connect(new ConfigBuilder().withMasterUrl(url).build());
  }

  @Override
  public void start(int count, LongAdder adds, LongAdder updates) {
    CacheOptions.Builder options = CacheOptions.builder();
    for (int i = 0; i < count; i++) {
      String namespace = ProbeClient.namespaceOf(i, count);
      if (namespace != null) {
        options.namespace(namespace);
      }
    }
    manager = Manager.builder(backend).name("probe").cacheOptions(options.build()).build();
    ObjectType<ConfigMap> configMaps = backend.type(ConfigMap.class);
    EventHandler<ConfigMap> handler = new EventHandler<>() {
      @Override
      public void onAdd(ConfigMap object, boolean inInitialList) {
        adds.increment();
      }

      @Override
      public void onUpdate(ConfigMap oldObject, ConfigMap newObject) {
        updates.increment();
      }
    };
    for (MapEntry<ConfigMap> entry : manager.cache().informersOf(configMaps, false)) {
      entries.add(entry);
      registrations.add(entry.informer().addEventHandler(handler));
    }
    manager.start();
  }

  /** The handler registrations' {@code hasSynced()}, what the manager gates a controller's workers on. */
  @Override
  public boolean reportsSynced() {
    return !registrations.isEmpty() && registrations.stream().allMatch(HandlerRegistration::hasSynced);
  }

  @Override
  public int cached() {
    return entries.stream().mapToInt(entry -> entry.informer().indexer().list().size()).sum();
  }

  @Override
  public String describe() {
    return entries.stream().map(entry -> entry.informer().status().toString()).toList().toString();
  }

  @Override
  public void close() {
    if (manager != null) {
      manager.close();
    }
    backend.close();
  }
}
