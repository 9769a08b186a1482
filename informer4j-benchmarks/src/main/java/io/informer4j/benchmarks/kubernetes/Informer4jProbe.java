package io.informer4j.benchmarks.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.informer4j.informer.EventHandler;
import io.informer4j.informer.HandlerRegistration;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.kubernetes.KubernetesBackend;
import io.informer4j.meta.ObjectType;
import io.informer4j.source.Selection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.UnaryOperator;

/** informer4j's informers on this module's Kubernetes backend, all sharing one {@link InformerRuntime}. */
final class Informer4jProbe implements ProbeClient {

  private final KubernetesBackend backend;
  private final UnaryOperator<ConfigMap> transform;
  private final boolean compactObjects;
  private final boolean watchList;
  private final long pageSize;
  private final InformerRuntime runtime = InformerRuntime.create("probe");
  private final List<SharedIndexInformer<ConfigMap>> informers = new ArrayList<>();
  private final List<HandlerRegistration> registrations = new ArrayList<>();

  /**
   * @param transform what each informer applies to decoded objects, or null for nothing
   * @param compactObjects whether the informers keep objects compact (their default) or as decoded
   * @param watchList whether the informers sync by watch-list (else a paged LIST)
   * @param pageSize the list page size, or 0 for the informer's default
   */
  Informer4jProbe(String url, UnaryOperator<ConfigMap> transform, boolean compactObjects, boolean watchList,
                  long pageSize) {
    this.backend = KubernetesBackend.connect(new ConfigBuilder().withMasterUrl(url).build());
    this.transform = transform;
    this.compactObjects = compactObjects;
    this.watchList = watchList;
    this.pageSize = pageSize;
  }

  @Override
  public void start(int count, LongAdder adds, LongAdder updates) {
    for (int i = 0; i < count; i++) {
      String namespace = ProbeClient.namespaceOf(i, count);
      ObjectType<ConfigMap> configMaps = backend.type(ConfigMap.class);
      SharedIndexInformer.Builder<ConfigMap> builder = SharedIndexInformer
          .builder(backend.listerWatcher(configMaps), configMaps.adapter())
          .selection(namespace == null ? Selection.all() : Selection.inNamespace(namespace)).runtime(runtime)
          .watchList(watchList).pageSize(pageSize).compactObjects(compactObjects);
      if (transform != null) {
        builder.transform(transform);
      }
      SharedIndexInformer<ConfigMap> informer = builder.build();
      registrations.add(informer.addEventHandler(new EventHandler<>() {
        @Override
        public void onAdd(ConfigMap object, boolean inInitialList) {
          adds.increment();
        }

        @Override
        public void onUpdate(ConfigMap oldObject, ConfigMap newObject) {
          updates.increment();
        }
      }));
      informers.add(informer);
      informer.start();
    }
  }

  /**
   * The handler registrations' {@code hasSynced()}, what a controller waits on: the handler has
   * returned from every add of the initial list.
   */
  @Override
  public boolean reportsSynced() {
    return !registrations.isEmpty() && registrations.stream().allMatch(HandlerRegistration::hasSynced);
  }

  @Override
  public int cached() {
    return informers.stream().mapToInt(i -> i.indexer().list().size()).sum();
  }

  @Override
  public String describe() {
    return informers.stream().map(i -> i.status().toString()).toList().toString();
  }

  @Override
  public void close() {
    informers.forEach(SharedIndexInformer::stop);
    runtime.close();
    backend.close();
  }
}
