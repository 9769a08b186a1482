package io.informer4j.benchmarks.informer;

import io.informer4j.informer.HandlerOptions;
import io.informer4j.informer.HandlerRegistration;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.source.WatchEvent;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An informer4j {@link SharedIndexInformer} over a {@link PrebuiltListerWatcher}, listing (not
 * watch-list streaming), on its own runtime (default thread counts). Watch events are pushed on the
 * benchmark's thread, as a backend pushes them on its own. Not thread-safe.
 */
final class Informer4jRig extends InformerRig {

  private final PrebuiltListerWatcher<V1ConfigMap> source;
  private final SharedIndexInformer<V1ConfigMap> informer;
  private final List<HandlerRegistration> registrations = new ArrayList<>();
  private final List<WatchEvent<V1ConfigMap>> updates;

  Informer4jRig(ConfigMapWorkload workload, int handlerCount) {
    super(workload, handlerCount);
    this.source = new PrebuiltListerWatcher<>(workload.initial(), workload.listResourceVersion());
    this.informer = SharedIndexInformer.builder(source, new ConfigMapAdapter())
        .name("configmaps")
        .watchList(false)
        .build();
    for (CountingHandler handler : handlers()) {
      registrations.add(informer.addEventHandler(handler, HandlerOptions.named("counter-" + registrations.size())));
    }
    this.updates = workload.updates().stream().map(WatchEvent::modified).toList();
  }

  @Override
  public void start() {
    informer.start();
  }

  @Override
  protected void awaitSynced(Duration timeout) throws InterruptedException, ExecutionException, TimeoutException {
    List<CompletableFuture<Void>> synced = new ArrayList<>();
    synced.add(informer.synced());
    for (HandlerRegistration registration : registrations) {
      synced.add(registration.synced());
    }
    CompletableFuture.allOf(synced.toArray(CompletableFuture[]::new)).get(timeout.toNanos(), TimeUnit.NANOSECONDS);
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
    return informer.indexer().size();
  }

  /** informer4j names every thread of its runtime {@code informer4j-<runtime>-<pool>-<n>}. */
  @Override
  public boolean isInformerThread(Thread thread) {
    return thread.getName().startsWith(INFORMER4J_THREAD_PREFIX);
  }

  @Override
  protected void stopInformer() throws InterruptedException {
    if (!informer.stop(Duration.ofSeconds(30))) {
      throw new IllegalStateException(informer + " did not stop within 30 s");
    }
  }
}
