package io.informer4j.benchmarks.kubernetes;

import io.kubernetes.client.informer.ResourceEventHandler;
import io.kubernetes.client.informer.SharedIndexInformer;
import io.kubernetes.client.informer.SharedInformerFactory;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.apis.CoreV1Api;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1ConfigMapList;
import io.kubernetes.client.util.ClientBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/** The official Kubernetes Java client 27.0.0's informers through its {@link SharedInformerFactory}. */
final class ClientJavaProbe implements ProbeClient {

  private final ApiClient client;
  private final List<SharedInformerFactory> factories = new ArrayList<>();
  private final List<SharedIndexInformer<V1ConfigMap>> informers = new ArrayList<>();

  ClientJavaProbe(String url) {
    ApiClient base = new ClientBuilder().setBasePath(url.endsWith("/") ? url.substring(0, url.length() - 1) : url).build();
    base.setHttpClient(base.getHttpClient().newBuilder().readTimeout(0, TimeUnit.SECONDS).build());
    this.client = base;
  }

  @Override
  public void start(int count, LongAdder adds, LongAdder updates) {
    CoreV1Api api = new CoreV1Api(client);
    ResourceEventHandler<V1ConfigMap> handler = new ResourceEventHandler<>() {
      @Override
      public void onAdd(V1ConfigMap object) {
        adds.increment();
      }

      @Override
      public void onUpdate(V1ConfigMap oldObject, V1ConfigMap newObject) {
        updates.increment();
      }

      @Override
      public void onDelete(V1ConfigMap object, boolean deletedFinalStateUnknown) {
      }
    };
    for (int i = 0; i < count; i++) {
      String namespace = ProbeClient.namespaceOf(i, count);
      // The factory keeps one informer per class (kubernetes-client/java#1154), so each informer gets its own.
      SharedInformerFactory factory = new SharedInformerFactory(client);
      SharedIndexInformer<V1ConfigMap> informer = factory.sharedIndexInformerFor(
          new io.kubernetes.client.informer.ListerWatcher<V1ConfigMap, V1ConfigMapList>() {
            @Override
            public V1ConfigMapList list(io.kubernetes.client.util.CallGeneratorParams params) throws io.kubernetes.client.openapi.ApiException {
              return namespace == null
                  ? api.listConfigMapForAllNamespaces().resourceVersion(params.resourceVersion).timeoutSeconds(params.timeoutSeconds).execute()
                  : api.listNamespacedConfigMap(namespace).resourceVersion(params.resourceVersion).timeoutSeconds(params.timeoutSeconds).execute();
            }

            @Override
            public io.kubernetes.client.util.Watchable<V1ConfigMap> watch(io.kubernetes.client.util.CallGeneratorParams params)
                throws io.kubernetes.client.openapi.ApiException {
              okhttp3.Call call = namespace == null
                  ? api.listConfigMapForAllNamespaces().resourceVersion(params.resourceVersion).timeoutSeconds(params.timeoutSeconds).watch(true).buildCall(null)
                  : api.listNamespacedConfigMap(namespace).resourceVersion(params.resourceVersion).timeoutSeconds(params.timeoutSeconds).watch(true).buildCall(null);
              return io.kubernetes.client.util.Watch.createWatch(client, call,
                  new com.google.gson.reflect.TypeToken<io.kubernetes.client.util.Watch.Response<V1ConfigMap>>() { }.getType());
            }
          }, V1ConfigMap.class, 0L);
      informer.addEventHandler(handler);
      informers.add(informer);
      factories.add(factory);
    }
    factories.forEach(SharedInformerFactory::startAllRegisteredInformers);
  }

  /** client-java's {@code hasSynced()}: the initial list is in the indexer. */
  @Override
  public boolean reportsSynced() {
    return !informers.isEmpty() && informers.stream().allMatch(SharedIndexInformer::hasSynced);
  }

  @Override
  public int cached() {
    return informers.stream().mapToInt(i -> i.getIndexer().list().size()).sum();
  }

  @Override
  public void close() {
    factories.forEach(SharedInformerFactory::stopAllRegisteredInformers);
  }
}
