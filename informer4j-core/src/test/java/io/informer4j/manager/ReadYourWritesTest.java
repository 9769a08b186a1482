package io.informer4j.manager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.Controller;
import io.informer4j.controller.EventPredicate;
import io.informer4j.controller.Result;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.source.WatchEvent;
import io.informer4j.testing.FakeBackend;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Read-your-writes in a manager's controller, on a backend whose versions are opaque (the default):
 * a held key does not block other keys, the bound releases a write whose event never comes, the exact
 * version releases, and the own-writes predicate drops exactly the events of own writes.
 */
class ReadYourWritesTest {

  private static final ObjectType<Item> PODS = FakeBackend.PODS;
  private static final ObjectKey WEB = ObjectKey.of("shop", "web");
  private static final ObjectKey DB = ObjectKey.of("shop", "db");

  private final FakeBackend backend = new FakeBackend();
  private final Manager manager = Manager.builder(backend).stopTimeout(Duration.ofSeconds(10)).build();
  private final Map<ObjectKey, List<String>> readVersions = new ConcurrentHashMap<>();

  @AfterEach
  void stop() throws InterruptedException {
    manager.stop(Duration.ofSeconds(10));
  }

  private String cachedVersion(ObjectKey key) {
    return manager.cache().reader(PODS).find(key).map(Item::resourceVersion).orElse(null);
  }

  private List<String> reads(ObjectKey key) {
    return readVersions.getOrDefault(key, List.of());
  }

  /**
   * A controller whose first reconcile of web records a write of web at {@code writtenVersion} and
   * enqueues web again at once; every reconcile notes the version it read.
   */
  private Controller<ObjectKey> writingController(ControllerBuilder<Item> builder, String writtenVersion) {
    OwnWrites writes = builder.ownWrites();
    AtomicReference<Controller<ObjectKey>> self = new AtomicReference<>();
    self.set(builder.reconcile(key -> {
      List<String> reads = readVersions.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>());
      reads.add(cachedVersion(key));
      if (key.equals(WEB) && reads.size() == 1) {
        writes.record(PODS.key(), WEB, writtenVersion);
        self.get().queue().add(WEB);
      }
      return Result.done();
    }));
    return self.get();
  }

  @Test
  void theBoundReleasesAWriteWhoseEventNeverComesAndOtherKeysRunMeanwhile() {
    backend.source(PODS).put(Item.of("shop", "web", "1"));
    backend.source(PODS).put(Item.of("shop", "db", "1"));
    ControllerBuilder<Item> builder = manager.controller("pods", PODS).readYourWritesTimeout(Duration.ofSeconds(1));
    OwnWrites writes = builder.ownWrites();
    Controller<ObjectKey> controller = writingController(builder, "2");
    manager.start();
    await().until(() -> reads(WEB).size() == 1 && reads(DB).size() == 1 && writes.held() >= 1);

    controller.queue().add(DB);
    await().until(() -> reads(DB).size() == 2);
    assertThat(reads(WEB)).as("web is held while its write is not cached, on the one worker db used").hasSize(1);
    assertThat(writes.timedOut()).isZero();

    await().atMost(Duration.ofSeconds(10)).until(() -> reads(WEB).size() == 2);
    assertThat(writes.timedOut()).isEqualTo(1);
    assertThat(reads(WEB)).containsExactly("1", "1");
    assertThat(manager.meterRegistry().get("informer4j_controller_read_your_writes_timeouts_total")
        .tag("controller", "pods").functionCounter().count()).isEqualTo(1.0);
  }

  @Test
  void theExactVersionReleasesTheHeldKeyWithOpaqueVersions() {
    backend.source(PODS).put(Item.of("shop", "web", "a1"));
    ControllerBuilder<Item> builder = manager.controller("pods", PODS).readYourWritesTimeout(Duration.ofMinutes(5));
    OwnWrites writes = builder.ownWrites();
    writingController(builder, "c3");
    manager.start();
    await().until(() -> writes.held() >= 1);
    FakeSource.Watch watch = backend.source(PODS).lastWatch();

    watch.send(WatchEvent.modified(Item.of("shop", "web", "c3")));
    await().until(() -> reads(WEB).size() >= 2);
    assertThat(reads(WEB)).as("the first read is before the write, every later one holds it").startsWith("a1")
        .containsOnlyOnce("a1").endsWith("c3");
    assertThat(writes.timedOut()).isZero();
    assertThat(writes.recorded()).isEqualTo(1);
  }

  @Test
  void withReadYourWritesOffTheNextReconcileReadsTheStateBeforeTheWrite() {
    backend.source(PODS).put(Item.of("shop", "web", "1"));
    ControllerBuilder<Item> builder = manager.controller("pods", PODS).readYourWrites(false);
    OwnWrites writes = builder.ownWrites();
    writingController(builder, "2");
    manager.start();
    await().until(() -> reads(WEB).size() == 2);
    assertThat(reads(WEB)).containsExactly("1", "1");
    assertThat(writes.isEnabled()).isFalse();
    assertThat(writes.recorded()).isZero();
  }

  @Test
  void theOwnWritesPredicateDropsExactlyTheEventsOfOwnWrites() {
    backend.source(PODS).put(Item.of("shop", "web", "1"));
    ControllerBuilder<Item> builder = manager.controller("pods", PODS);
    OwnWrites writes = builder.ownWrites();
    List<String> passed = new CopyOnWriteArrayList<>();
    EventPredicate<Item> notePassed = new EventPredicate<>() {
      @Override
      public boolean create(Item object) {
        return passed.add("create " + object.name() + "@" + object.resourceVersion());
      }

      @Override
      public boolean update(Item oldObject, Item newObject) {
        return passed.add("update " + newObject.name() + "@" + newObject.resourceVersion());
      }

      @Override
      public boolean delete(Item lastState) {
        return passed.add("delete " + lastState.name() + "@" + lastState.resourceVersion());
      }
    };
    builder.predicates(writes.notOwnWrites(PODS), notePassed).reconcile(key -> Result.done());
    manager.start();
    await().until(() -> "1".equals(cachedVersion(WEB)));
    FakeSource.Watch watch = backend.source(PODS).lastWatch();

    writes.record(PODS.key(), WEB, "2");
    watch.send(WatchEvent.modified(Item.of("shop", "web", "2")));
    watch.send(WatchEvent.modified(Item.of("shop", "web", "3")));
    await().until(() -> "3".equals(cachedVersion(WEB)));
    writes.record(PODS.key(), WEB, "4");
    writes.record(PODS.key(), WEB, "5");
    watch.send(WatchEvent.modified(Item.of("shop", "web", "4")));
    watch.send(WatchEvent.modified(Item.of("shop", "web", "5")));
    await().until(() -> "5".equals(cachedVersion(WEB)));
    writes.record(PODS.key(), WEB, "7");
    watch.send(WatchEvent.modified(Item.of("shop", "web", "6")));
    watch.send(WatchEvent.modified(Item.of("shop", "web", "7")));
    writes.record(PODS.key(), DB, "8");
    watch.send(WatchEvent.added(Item.of("shop", "db", "8")));
    watch.send(WatchEvent.deleted(Item.of("shop", "web", "9")));

    await().until(() -> passed.contains("delete web@9"));
    assertThat(passed).as("own writes 2, 4, 5 and the create 8 are dropped; 7 carries another writer's 6 with it")
        .containsExactly("create web@1", "update web@3", "update web@6", "update web@7", "delete web@9");
    assertThat(manager.controllers().get(0).filtered()).isEqualTo(4);
    assertThat(writes.recorded()).isEqualTo(5);
  }

  @Test
  void writesOfTypesTheControllerDoesNotWatchOrWithoutAVersionAreSkippedAndCounted() {
    ControllerBuilder<Item> builder = manager.controller("pods", PODS);
    OwnWrites writes = builder.ownWrites();
    assertThat(writes.record(PODS.key(), WEB, "1")).as("not registered yet").isFalse();
    builder.reconcile(key -> Result.done());

    assertThat(writes.record(new WrittenObject(FakeBackend.NODES.key(), ObjectKey.clusterScoped("n1"), "3"))).isFalse();
    assertThat(writes.record(PODS.key(), WEB, "")).isFalse();
    assertThat(writes.ignored()).isEqualTo(2);
    assertThat(writes.record(new WrittenObject(PODS.key(), WEB, "4"))).isTrue();
    assertThat(writes.recorded()).isEqualTo(1);
  }
}
