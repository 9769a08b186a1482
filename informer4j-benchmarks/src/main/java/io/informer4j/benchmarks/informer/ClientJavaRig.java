package io.informer4j.benchmarks.informer;

import io.kubernetes.client.informer.SharedIndexInformer;
import io.kubernetes.client.informer.impl.DefaultSharedIndexInformer;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1ConfigMapList;
import io.kubernetes.client.util.Watch;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The official Kubernetes Java client's {@link DefaultSharedIndexInformer} (no resync) over a
 * {@link PrebuiltConfigMapListerWatcher}. Its reflector thread takes watch events from a
 * {@link FeedableWatch} that the benchmark's thread fills. Not thread-safe.
 */
final class ClientJavaRig extends InformerRig {

  private final PrebuiltConfigMapListerWatcher source;
  private final SharedIndexInformer<V1ConfigMap> informer;
  private final List<Watch.Response<V1ConfigMap>> updates;

  ClientJavaRig(ConfigMapWorkload workload, int handlerCount) {
    super(workload, handlerCount);
    this.source = new PrebuiltConfigMapListerWatcher(workload.initial(), workload.listResourceVersion());
    this.informer = new DefaultSharedIndexInformer<V1ConfigMap, V1ConfigMapList>(V1ConfigMap.class, source, 0L);
    handlers().forEach(informer::addEventHandler);
    this.updates = workload.updates().stream().map(object -> new Watch.Response<>("MODIFIED", object)).toList();
  }

  @Override
  public void start() {
    informer.run();
  }

  /** The client has no per-handler sync and no sync future: its flag must already be up once every add was delivered. */
  @Override
  protected void awaitSynced(Duration timeout) {
    if (!informer.hasSynced()) {
      throw new IllegalStateException("client-java informer delivered every add but does not report synced");
    }
  }

  @Override
  protected CompletableFuture<Void> watchOpened() {
    return source.watchOpened();
  }

  @Override
  protected void pushUpdate(int index) {
    source.push(updates.get(index));
  }

  @Override
  public int cachedObjects() {
    return informer.getIndexer().list().size();
  }

  /**
   * client-java's informer runs an {@code informer-controller-<Kind>} thread, a
   * {@code controller-reflector-<class>-<n>} thread (and {@code controller-resync-<class>-<n>} with resync),
   * and one thread per handler from an unnamed cached pool ({@code pool-<n>-thread-<m>}).
   */
  @Override
  public boolean isInformerThread(Thread thread) {
    String name = thread.getName();
    return name.startsWith("informer-controller-") || name.startsWith("controller-reflector-")
        || name.startsWith("controller-resync-") || name.startsWith("pool-");
  }

  @Override
  protected void stopInformer() {
    informer.stop();
  }
}
