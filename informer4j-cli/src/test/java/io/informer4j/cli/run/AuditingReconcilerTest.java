package io.informer4j.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.cache.ThreadSafeIndexer;
import io.informer4j.factory.NamespaceFilter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.WorkQueue;
import io.informer4j.testkit.SimObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AuditingReconcilerTest {

  private static final TypeKey PODS = TypeKey.of("", "v1", "Pod");

  @Test
  void readsTheCacheAndCountsItemsFromRejectedNamespaces() throws Exception {
    var cache = new ThreadSafeIndexer<>(SimObject.ADAPTER, "pods", Map.of());
    cache.put(SimObject.of("team-a", "web"));
    WorkQueue<QueueItem> queue = WorkQueue.<QueueItem>builder().name("pods").build();
    queue.add(new QueueItem(PODS, ObjectKey.of("team-a", "other")));
    ReconcileStats stats = new ReconcileStats();
    WatchedType watched = new WatchedType(PODS, "Pod", NamespaceFilter.of(List.of("team-*"), List.of("team-g")));
    AuditingReconciler reconciler = new AuditingReconciler(watched, cache, queue, stats);

    reconciler.reconcile(new QueueItem(PODS, ObjectKey.of("team-a", "web")));
    reconciler.reconcile(new QueueItem(PODS, ObjectKey.of("team-a", "gone")));
    reconciler.reconcile(new QueueItem(PODS, ObjectKey.of("team-g", "web")));
    reconciler.reconcile(new QueueItem(PODS, ObjectKey.of("default", "web")));

    assertThat(stats.reconciles()).isEqualTo(4);
    assertThat(stats.found()).isEqualTo(1);
    assertThat(stats.gone()).isEqualTo(3);
    assertThat(stats.disallowed()).isEqualTo(2);
    assertThat(stats.maxQueueDepth()).isEqualTo(1);
    queue.shutDown();
  }

  @Test
  void setupNamesTheTier() {
    assertThat(new WatchedType(PODS, "Pod", NamespaceFilter.allowing("shop")).setup()).isEqualTo("tier 1 (shop)");
    assertThat(new WatchedType(PODS, "Pod", NamespaceFilter.allowing("a", "b")).setup()).startsWith("tier 2 (");
    assertThat(new WatchedType(PODS, "Pod", NamespaceFilter.none()).setup()).isEqualTo("all namespaces");
  }
}
