package io.informer4j.factory;

import static io.informer4j.testkit.QueueDrain.drain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.source.TransientSourceException;
import io.informer4j.testkit.RecordedRequest;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The shared informer factory end to end on the simulated API. */
class FactoryOnSimulatedApiTest {

  private static final TypeKey WEBSITES = TypeKey.of("demo.informer4j.io", "v1", "Website");
  private static final TypeKey DATABASES = TypeKey.of("demo.informer4j.io", "v1", "Database");
  private static final TypeKey NODES = TypeKey.of("", "v1", "Node");

  private final SimulatedApi api = SimulatedApi.builder().type(WEBSITES, Scope.NAMESPACED).type(NODES, Scope.CLUSTER)
      .build();
  private final SimpleTypeRegistry types = new SimpleTypeRegistry().register(WEBSITES, Scope.NAMESPACED)
      .register(DATABASES, Scope.NAMESPACED).register(NODES, Scope.CLUSTER);
  private final QueueRegistry queues = QueueRegistry.builder().build();
  private final InformerRuntime runtime = InformerRuntime.create("factory-sim");
  private SharedInformerFactory factory = factory(MissingTypeChecks.every(Duration.ofMillis(100)));

  private SharedInformerFactory factory(MissingTypeChecks checks) {
    return SharedInformerFactory.builder(api.clientProvider(), types, queues).discovery(api.typeDiscovery())
        .runtime(runtime).missingTypeChecks(checks).build();
  }

  @AfterEach
  void tearDown() throws InterruptedException {
    factory.shutdown(Duration.ofSeconds(10));
    queues.shutdownAll();
    runtime.close(Duration.ofSeconds(10));
    api.close();
  }

  @Test
  void eventsOfEachTypeReachItsOwnQueueAsOneItemPerObject() throws InterruptedException {
    PriorityWorkQueue<QueueItem> websites = queues.register(WEBSITES, 0);
    api.create(WEBSITES, SimObject.of("shop", "front"));
    api.create(NODES, SimObject.of("", "node-1"));
    factory.informerFor(WEBSITES, SimObject.class, InformerOptions.defaults());
    factory.informerFor(NODES, SimObject.class, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(10)).allSynced()).isTrue();
    for (int i = 0; i < 5; i++) {
      api.upsert(WEBSITES, SimObject.of("shop", "front").withLabel("rev", Integer.toString(i)));
    }
    await().until(() -> factory.registered().get(WEBSITES).eventsReceived() == 6);
    assertThat(drain(websites)).containsExactly(new QueueItem(WEBSITES, ObjectKey.of("shop", "front")));
    assertThat(drain(queues.defaultQueue())).containsExactly(new QueueItem(NODES, ObjectKey.clusterScoped("node-1")));
  }

  @Test
  void withOneAllowedNamespaceTheSourceIsOnlyAskedForIt() throws InterruptedException {
    api.create(WEBSITES, SimObject.of("team-a", "mine"));
    api.create(WEBSITES, SimObject.of("team-b", "theirs"));
    factory.informerFor(WEBSITES, SimObject.class,
        InformerOptions.builder().namespaceFilter(NamespaceFilter.allowing("team-a")).build());
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(10)).allSynced()).isTrue();
    api.create(WEBSITES, SimObject.of("team-b", "later"));
    api.create(WEBSITES, SimObject.of("team-a", "later"));
    await().until(() -> factory.registered().get(WEBSITES).informer().indexer().size() == 2);
    List<RecordedRequest> requests = api.requests();
    assertThat(requests).isNotEmpty().allSatisfy(r -> assertThat(r.selection().namespace()).isEqualTo("team-a"));
    assertThat(factory.registered().get(WEBSITES).informer().indexer().listKeys())
        .containsExactlyInAnyOrder("team-a/mine", "team-a/later");
  }

  @Test
  void aMissingTypeActivatesWhenInstalledAndGoesBackToMissingWhenRemoved() throws InterruptedException {
    PriorityWorkQueue<QueueItem> databases = queues.register(DATABASES, 0);
    factory.informerFor(WEBSITES, SimObject.class, InformerOptions.defaults());
    factory.informerFor(DATABASES, SimObject.class, InformerOptions.builder().name("Database").build());
    assertThat(factory.isMissing(DATABASES)).isTrue();
    factory.start();
    SyncResult sync = factory.waitForCacheSync(Duration.ofSeconds(10));
    assertThat(sync.synced()).containsOnlyKeys(WEBSITES);
    assertThat(sync.allSynced()).isTrue();

    api.install(DATABASES, Scope.NAMESPACED);
    api.create(DATABASES, SimObject.of("shop", "orders"));
    await().atMost(5, TimeUnit.SECONDS).until(() -> !factory.isMissing(DATABASES));
    assertThat(factory.synced(DATABASES)).succeedsWithin(Duration.ofSeconds(10));
    assertThat(drain(databases)).containsExactly(new QueueItem(DATABASES, ObjectKey.of("shop", "orders")));

    api.uninstall(DATABASES);
    await().atMost(10, TimeUnit.SECONDS).until(() -> factory.isMissing(DATABASES));
    assertThat(factory.isMissing(WEBSITES)).isFalse();
    assertThat(factory.registered().get(WEBSITES).informer().state().isTerminal()).isFalse();
  }

  @Test
  void aBurstOfServerErrorsNeverMakesATypeMissing() throws InterruptedException {
    factory.informerFor(WEBSITES, SimObject.class, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(10)).allSynced()).isTrue();
    await("the watch after the list is open").until(() -> api.openWatchCount() >= 1);
    api.faults().failNextRequests(20, () -> new TransientSourceException("etcd leader changed",
        TransientSourceException.Reason.INTERNAL_ERROR, 500, null));
    api.faults().dropAllWatches();
    await().until(() -> factory.registered().get(WEBSITES).informer().status().errors() >= 1);
    api.faults().clear();
    api.create(WEBSITES, SimObject.of("shop", "after-burst"));
    await().atMost(30, TimeUnit.SECONDS)
        .until(() -> factory.registered().get(WEBSITES).informer().indexer().get("shop/after-burst") != null);
    assertThat(factory.isMissing(WEBSITES)).isFalse();
  }

  @Test
  void lifecycleEdgesHaveClearOutcomesAndLeaveNoThread() throws InterruptedException {
    SharedInformerFactory own = SharedInformerFactory.builder(api.clientProvider(), types, queues)
        .discovery(api.typeDiscovery()).build();
    api.faults().responseLatency(Duration.ofMillis(200));
    own.informerFor(WEBSITES, SimObject.class, InformerOptions.defaults());
    own.start();
    assertThatThrownBy(own::start).isInstanceOf(IllegalStateException.class).hasMessage("factory already started");
    assertThat(own.shutdown(Duration.ofSeconds(10))).isTrue();
    assertThat(own.shutdown(Duration.ofSeconds(10))).isTrue();
    assertThatThrownBy(own::start).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cannot be restarted");
    assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("informer4j-factory-") && t.isAlive());
  }
}
