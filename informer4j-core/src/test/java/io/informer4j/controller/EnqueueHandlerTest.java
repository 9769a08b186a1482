package io.informer4j.controller;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.WorkQueue;
import io.informer4j.testing.Item;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The one path from events to queue work: each filter drops with its own reason, in order, and is
 * told to the hook; mapped keys are checked against the primary type; a re-queue goes through the
 * same filters but not the event predicates, and is not an event.
 */
class EnqueueHandlerTest {

  private static final ObjectType<Item> PODS = ObjectType.of(TypeKey.of("", "v1", "Pod"), Item.class, Item.ADAPTER);
  private static final ObjectType<Item> MAPS = ObjectType.of(TypeKey.of("", "v1", "ConfigMap"), Item.class,
      Item.ADAPTER);
  private static final TypeKey NODES = TypeKey.of("", "v1", "Node");

  private final PriorityWorkQueue<QueueItem> queue = WorkQueue.<QueueItem>builder().name("test").build();
  private final List<EnqueueEvent> told = new CopyOnWriteArrayList<>();

  @AfterEach
  void tearDown() {
    queue.shutDown();
  }

  private List<QueueItem> drain() {
    List<QueueItem> out = new ArrayList<>();
    for (Optional<QueueItem> item = queue.poll(); item.isPresent(); item = queue.poll()) {
      out.add(item.get());
      queue.done(item.get());
    }
    return out;
  }

  @Test
  void eachFilterDropsWithItsReasonAndTheRestReachTheQueue() {
    EnqueueHandler<Item, QueueItem> handler = EnqueueHandler.builder("pods", PODS, Scope.NAMESPACED)
        .predicates(List.of(new EventPredicate<>() {
          @Override
          public boolean create(Item object) {
            return !object.name().startsWith("ignored");
          }
        }))
        .namespaces(NamespaceFilter.of(List.of("team-*"), List.of("team-secret")))
        .keyFilters(List.of((type, key) -> !key.name().equals("other-shard")))
        .hook(told::add)
        .build(QueueItem::new, () -> queue);

    handler.onAdd(Item.of("team-a", "web", "1"), false);
    handler.onAdd(Item.of("team-a", "ignored-1", "1"), false);
    handler.onAdd(Item.of("team-secret", "db", "1"), false);
    handler.onAdd(Item.of("kube-system", "dns", "1"), false);
    handler.onAdd(Item.of("", "orphan", "1"), false);
    handler.onAdd(Item.of("team-b", "other-shard", "1"), false);

    assertThat(drain()).containsExactly(new QueueItem(PODS.key(), ObjectKey.of("team-a", "web")));
    EnqueueCounters counters = handler.counters();
    assertThat(counters.events()).isEqualTo(6);
    assertThat(counters.enqueued()).isEqualTo(1);
    assertThat(counters.droppedByReason()).containsEntry(DropReason.PREDICATE, 1L)
        .containsEntry(DropReason.RESTRICTED, 1L).containsEntry(DropReason.NOT_ALLOWED, 1L)
        .containsEntry(DropReason.NO_NAMESPACE, 1L).containsEntry(DropReason.ENQUEUE_FILTER, 1L)
        .containsEntry(DropReason.MAPPING_ERROR, 0L);
    assertThat(counters.filtered()).isEqualTo(5);
    assertThat(told).extracting(EnqueueEvent::reason).containsExactly(null, DropReason.PREDICATE,
        DropReason.RESTRICTED, DropReason.NOT_ALLOWED, DropReason.NO_NAMESPACE, DropReason.ENQUEUE_FILTER);
    assertThat(told.get(0).outcome()).isEqualTo(EnqueueEvent.Outcome.ENQUEUED);
  }

  @Test
  void updatesWithTheSameVersionAreResyncsAndDeletesAreRouted() {
    EnqueueHandler<Item, QueueItem> handler = EnqueueHandler.builder("pods", PODS, Scope.NAMESPACED).hook(told::add)
        .build(QueueItem::new, () -> queue);

    handler.onUpdate(Item.of("a", "x", "1"), Item.of("a", "x", "1"));
    handler.onUpdate(Item.of("a", "y", "1"), Item.of("a", "y", "2"));
    handler.onDelete(Item.of("a", "z", "3"), true);

    assertThat(told).extracting(EnqueueEvent::kind).containsExactly(EnqueueEvent.Kind.RESYNCED,
        EnqueueEvent.Kind.UPDATED, EnqueueEvent.Kind.DELETED);
    assertThat(drain()).extracting(item -> item.key().name()).containsExactlyInAnyOrder("x", "y", "z");
  }

  @Test
  void mappedKeysMustFitThePrimaryScopeAndAThrowingMapperSkipsOnlyItsEvent() {
    EnqueueHandler<Item, QueueItem> handler = EnqueueHandler.builder("nodes", MAPS, Scope.NAMESPACED)
        .mapTo(NODES, Scope.CLUSTER, cm -> {
          if (cm.name().equals("broken")) {
            throw new IllegalStateException("no node label");
          }
          return List.of(ObjectKey.clusterScoped("node-" + cm.name()), ObjectKey.of("a", "namespaced"));
        })
        .build(QueueItem::new, () -> queue);

    handler.onAdd(Item.of("a", "broken", "1"), false);
    handler.onAdd(Item.of("a", "1", "1"), false);

    assertThat(drain()).containsExactly(new QueueItem(NODES, ObjectKey.clusterScoped("node-1")));
    assertThat(handler.counters().mappingErrors()).as("the throw, then the namespaced key").isEqualTo(2);
    assertThat(handler.counters().filtered()).isZero();
  }

  @Test
  void aRequeueSkipsThePredicatesKeepsTheFiltersAndIsNoEvent() {
    EnqueueHandler<Item, QueueItem> handler = EnqueueHandler.builder("pods", PODS, Scope.NAMESPACED)
        .predicates(List.of(new EventPredicate<>() {
          @Override
          public boolean update(Item oldObject, Item newObject) {
            return !oldObject.resourceVersion().equals(newObject.resourceVersion());
          }
        }))
        .namespaces(NamespaceFilter.restricting("hidden"))
        .build(QueueItem::new, () -> queue);
    List<Item> cached = List.of(Item.of("a", "x", "1"), Item.of("a", "y", "1"), Item.of("hidden", "z", "1"));

    int queued = handler.requeue(cached, (type, key) -> !key.name().equals("y"));

    assertThat(queued).isEqualTo(1);
    assertThat(drain()).extracting(item -> item.key().toString()).containsExactly("a/x");
    assertThat(handler.counters().events()).isZero();
    assertThat(handler.counters().dropped(DropReason.RESTRICTED)).isEqualTo(1);
  }

  @Test
  void aClusterScopedTypesObjectsAreClusterScopedKeysWhateverNamespaceTheyCarry() {
    ObjectType<Item> nodes = ObjectType.of(NODES, Item.class, Item.ADAPTER);
    EnqueueHandler<Item, QueueItem> handler = EnqueueHandler.builder("nodes", nodes, Scope.CLUSTER)
        .namespaces(NamespaceFilter.allowing("team-a"))
        .build(QueueItem::new, () -> queue);

    handler.onAdd(Item.of("stray", "node-1", "1"), false);

    assertThat(drain()).containsExactly(new QueueItem(NODES, ObjectKey.clusterScoped("node-1")));
  }
}
