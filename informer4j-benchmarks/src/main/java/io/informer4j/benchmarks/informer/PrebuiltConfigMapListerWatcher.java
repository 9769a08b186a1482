package io.informer4j.benchmarks.informer;

import io.kubernetes.client.informer.ListerWatcher;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1ConfigMapList;
import io.kubernetes.client.openapi.models.V1ListMeta;
import io.kubernetes.client.util.CallGeneratorParams;
import io.kubernetes.client.util.Watch;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The official Kubernetes Java client's counterpart of {@link PrebuiltListerWatcher}: every list
 * returns the same prebuilt {@link V1ConfigMapList}; every watch is a new {@link FeedableWatch} that
 * yields only what the benchmark {@link #push pushes}, until the client closes it.
 *
 * <p>Thread-safe. {@link #push} must be called from one thread at a time.
 */
public final class PrebuiltConfigMapListerWatcher implements ListerWatcher<V1ConfigMap, V1ConfigMapList> {

  private final V1ConfigMapList list;
  private final CompletableFuture<Void> watchOpened = new CompletableFuture<>();
  private volatile FeedableWatch<V1ConfigMap> watch;

  /**
   * @param objects         the list's items, in order
   * @param resourceVersion the list's resourceVersion
   */
  public PrebuiltConfigMapListerWatcher(List<V1ConfigMap> objects, String resourceVersion) {
    this.list = new V1ConfigMapList().apiVersion("v1").kind("ConfigMapList")
        .metadata(new V1ListMeta().resourceVersion(resourceVersion))
        .items(new ArrayList<>(objects));
  }

  @Override
  public V1ConfigMapList list(CallGeneratorParams params) {
    return list;
  }

  @Override
  public FeedableWatch<V1ConfigMap> watch(CallGeneratorParams params) {
    FeedableWatch<V1ConfigMap> opened = new FeedableWatch<>();
    watch = opened;
    watchOpened.complete(null);
    return opened;
  }

  /** Completes once the first watch is open; events pushed after that reach the informer. */
  public CompletableFuture<Void> watchOpened() {
    return watchOpened;
  }

  /**
   * Queues one event on the latest watch; the client's reflector thread takes it from there.
   *
   * @throws IllegalStateException if no watch was opened yet
   */
  public void push(Watch.Response<V1ConfigMap> event) {
    FeedableWatch<V1ConfigMap> current = watch;
    if (current == null) {
      throw new IllegalStateException("no watch is open on the prebuilt ConfigMap list; wait for watchOpened() first");
    }
    current.offer(event);
  }
}
