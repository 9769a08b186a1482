package io.informer4j.kubernetes.chaos;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.informer4j.informer.BackoffPolicy;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.InformerStatus;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectType;
import io.informer4j.testkit.chaos.HandlerView;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * An informer of the chaos suite with a handler that keeps its own view. Faults are short, so the
 * informer's liveness limits are too: a watch silent for 1.5 s is re-opened (the server sends a
 * bookmark every 500 ms), a list or watch opening that receives nothing for 1.5 s is abandoned, a
 * watch-list whose initial events stop for 2 s is given up; backoff runs from 10 ms to 500 ms.
 *
 * @param <T> the object type
 */
final class WatchedInformer<T extends HasMetadata> {

  static final Duration LIVENESS = Duration.ofMillis(1500);
  private static final BackoffPolicy FAST =
      new BackoffPolicy(Duration.ofMillis(10), Duration.ofMillis(500), 2.0, 0.5, Duration.ofSeconds(10));

  final String name;
  final SharedIndexInformer<T> informer;
  final HandlerView<T> view;

  WatchedInformer(String name, ObjectType<T> type, ChaosFixture fixture, InformerRuntime runtime, boolean watchList,
                  long pageSize) {
    this.name = name;
    this.informer = SharedIndexInformer.builder(fixture.backend.listerWatcher(type), type.adapter())
        .name(name).runtime(runtime)
        .backoff(FAST).watchList(watchList).pageSize(pageSize)
        .watchIdleTimeout(LIVENESS).readTimeout(LIVENESS).watchListTimeout(Duration.ofSeconds(2)).build();
    this.view = new HandlerView<>(type.adapter());
    informer.addEventHandler(view);
  }

  /** Returns the cache as {@code ns/name → resourceVersion}, sorted. */
  Map<String, String> cache() {
    Map<String, String> versions = new TreeMap<>();
    informer.indexer().list().forEach(object -> versions.put(
        object.getMetadata().getNamespace() + "/" + object.getMetadata().getName(), object.getMetadata().getResourceVersion()));
    return versions;
  }

  /** Returns the status in one line. */
  String statusLine() {
    InformerStatus status = informer.status();
    return name + ": " + status.state() + ", synced " + status.synced() + ", " + status.lists() + " lists, " + status.relists()
        + " relists, " + status.watches() + " watches, " + status.events() + " events, " + status.errors() + " errors, "
        + status.malformed() + " malformed, " + status.staleObjects() + " stale " + status.staleKeys() + ", "
        + status.idleTimeouts() + " idle timeouts, " + status.watchListFallbacks() + " watch-list fallbacks, last error: "
        + status.lastError();
  }
}
