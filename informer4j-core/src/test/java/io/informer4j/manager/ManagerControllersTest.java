package io.informer4j.manager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Controller;
import io.informer4j.controller.ControllerState;
import io.informer4j.controller.Predicates;
import io.informer4j.controller.Result;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.reader.CacheReader;
import io.informer4j.source.WatchEvent;
import io.informer4j.testing.FakeBackend;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Controllers of a manager: their watches feed their own queue through mappings and predicates,
 * their workers wait for every watched type to sync, and bad declarations are clear errors.
 */
class ManagerControllersTest {

  private static final ObjectType<Item> PODS = FakeBackend.PODS;
  private static final ObjectType<Item> CONFIG_MAPS =
      ObjectType.of(TypeKey.of("", "v1", "ConfigMap"), "configmap", Item.class, Item.ADAPTER);

  private final FakeBackend backend = new FakeBackend().register(CONFIG_MAPS.key(), io.informer4j.meta.Scope.NAMESPACED);
  /** Starts without waiting for the backend's first answers: one test holds a type's list on purpose. */
  private final Manager manager = Manager.builder(backend).stopTimeout(Duration.ofSeconds(10))
      .startTimeout(Duration.ZERO).build();
  private final List<ObjectKey> reconciled = new CopyOnWriteArrayList<>();

  @AfterEach
  void stop() throws InterruptedException {
    manager.stop(Duration.ofSeconds(10));
  }

  /** Maps a config map to the pod named in its data. */
  private static List<ObjectKey> podOf(Item configMap) {
    return List.of(ObjectKey.of(configMap.namespace(), configMap.data()));
  }

  private Controller<ObjectKey> podController(CountDownLatch gate) {
    return manager.controller("pods", PODS)
        .watches(CONFIG_MAPS, ManagerControllersTest::podOf)
        .reconcile(key -> {
          gate.await();
          reconciled.add(key);
          return Result.done();
        });
  }

  @Test
  void aBurstOfChangesToMappedObjectsReconcilesThePrimaryKeyOnce() throws InterruptedException {
    backend.source(PODS).put(Item.of("shop", "web", "1"));
    CountDownLatch hold = new CountDownLatch(1);
    Controller<ObjectKey> controller = podController(hold);
    manager.start();
    await().until(() -> controller.state() == ControllerState.RUNNING);
    await().until(() -> controller.activeWorkers() == 1);
    FakeSource.Watch configMaps = backend.source(CONFIG_MAPS).lastWatch();
    for (int i = 0; i < 20; i++) {
      configMaps.send(WatchEvent.added(Item.of("shop", "settings-" + i, Integer.toString(10 + i)).withData("web")));
    }
    await().until(() -> manager.controllers().get(0).enqueued() == 21);
    hold.countDown();
    await().until(() -> reconciled.size() == 2);
    assertThat(reconciled).containsExactly(ObjectKey.of("shop", "web"), ObjectKey.of("shop", "web"));
    assertThat(controller.queue().len()).isZero();
  }

  @Test
  void workersStartOnlyOnceEveryWatchedTypeSynced() throws InterruptedException {
    CountDownLatch lists = new CountDownLatch(1);
    backend.source(CONFIG_MAPS).holdLists(lists);
    backend.source(PODS).put(Item.of("shop", "web", "1"));
    Controller<ObjectKey> controller = podController(new CountDownLatch(0));
    manager.start();
    await().until(() -> manager.cache().entries().stream().filter(e -> e.type().equals(PODS)).allMatch(e ->
        e.informer().hasSynced()));
    assertThat(controller.state()).isEqualTo(ControllerState.SYNCING);
    assertThat(reconciled).isEmpty();
    assertThat(manager.isReady()).isFalse();

    lists.countDown();
    await().until(() -> reconciled.contains(ObjectKey.of("shop", "web")));
    assertThat(controller.state()).isEqualTo(ControllerState.RUNNING);
    await().until(manager::isReady);
  }

  @Test
  void aRejectingPredicateDropsTheEventBeforeTheQueueAndCountsIt() throws InterruptedException {
    backend.source(PODS).put(Item.of("shop", "web", "1").withLabels(Map.of("tier", "web")));
    backend.source(PODS).put(Item.of("shop", "db", "1").withLabels(Map.of("tier", "db")));
    backend.source(PODS).put(Item.of("kube-system", "dns", "1").withLabels(Map.of("tier", "web")));
    manager.controller("web-pods", PODS)
        .predicates(Predicates.matching(pod -> "web".equals(pod.labels().get("tier"))))
        .namespaces(NamespaceFilter.restricting("kube-*"))
        .reconcile(key -> {
          reconciled.add(key);
          return Result.done();
        });
    manager.start();
    await().until(() -> manager.controllers().get(0).filtered() == 2);
    await().until(() -> reconciled.size() == 1);
    assertThat(reconciled).containsExactly(ObjectKey.of("shop", "web"));
    assertThat(manager.meterRegistry().get("informer4j_controller_events_filtered_total")
        .tag("controller", "web-pods").functionCounter().count()).isEqualTo(2.0);
  }

  @Test
  void aMappingThatThrowsOrGivesAnImpossibleKeyIsCountedAndSkipped() throws InterruptedException {
    manager.controller("pods", PODS)
        .watches(CONFIG_MAPS, configMap -> {
          if (configMap.data().equals("boom")) {
            throw new IllegalStateException("mapping bug");
          }
          return List.of(ObjectKey.clusterScoped(configMap.data()), ObjectKey.of(configMap.namespace(), configMap.data()));
        })
        .reconcile(key -> {
          reconciled.add(key);
          return Result.done();
        });
    manager.start();
    await().until(manager::isReady);
    FakeSource.Watch configMaps = backend.source(CONFIG_MAPS).lastWatch();
    configMaps.send(WatchEvent.added(Item.of("shop", "a", "5").withData("boom")));
    configMaps.send(WatchEvent.added(Item.of("shop", "b", "6").withData("web")));
    await().until(() -> reconciled.size() == 1);
    assertThat(reconciled).containsExactly(ObjectKey.of("shop", "web"));
    assertThat(manager.controllers().get(0).mappingErrors()).isEqualTo(2);
  }

  @Test
  void badDeclarationsAreClearErrors() {
    manager.controller("pods", PODS).reconcile(key -> Result.done());
    assertThatThrownBy(() -> manager.controller("pods", PODS).reconcile(key -> Result.done()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("already has a controller named 'pods'");
    ObjectType<Item> unknown = ObjectType.of(TypeKey.of("example.com", "v1", "Gadget"), Item.class, Item.ADAPTER);
    assertThatThrownBy(() -> manager.controller("gadgets", unknown).reconcile(key -> Result.done()))
        .isInstanceOf(UnknownTypeException.class).hasMessageContaining("Gadget");
    assertThatThrownBy(() -> manager.controller("twice", PODS).watches(PODS, pod -> List.of()).reconcile(key -> Result.done()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("twice");
    assertThatThrownBy(() -> manager.controller(" ", PODS)).isInstanceOf(IllegalArgumentException.class);

    manager.start();
    assertThatThrownBy(manager::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("already been started");
    assertThatThrownBy(() -> manager.controller("late", PODS).reconcile(key -> Result.done()))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("has started");
  }

  @Test
  void reconcilersReadThePrimaryFromTheCache() throws InterruptedException {
    backend.source(PODS).put(Item.of("shop", "web", "7"));
    CacheReader<Item> pods = manager.cache().reader(PODS);
    List<String> seen = new CopyOnWriteArrayList<>();
    manager.controller("pods", PODS).reconcile(key -> {
      seen.add(pods.get(key).resourceVersion());
      return Result.done();
    });
    manager.start();
    await().until(() -> seen.contains("7"));
    assertThat(manager.cache().entries()).hasSize(1);
  }
}
