package io.informer4j.factory;

import static io.informer4j.testkit.QueueDrain.drain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.controller.NamespaceFilter;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.InformerState;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.MissingTypeChecks;
import io.informer4j.source.TransientSourceException;
import io.informer4j.testkit.RecordedRequest;
import io.informer4j.testkit.SimObject;
import io.informer4j.testkit.SimulatedApi;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The shared informer factory end to end on the simulated API. */
class FactoryOnSimulatedApiTest {

  private static final TypeKey WEBSITES = TypeKey.of("demo.informer4j.io", "v1", "Website");
  private static final TypeKey DATABASES = TypeKey.of("demo.informer4j.io", "v1", "Database");
  private static final TypeKey NODES = TypeKey.of("", "v1", "Node");

  private final SimulatedApi api = SimulatedApi.builder().type(WEBSITES, Scope.NAMESPACED).type(NODES, Scope.CLUSTER)
      .build();
  private final QueueRegistry queues = QueueRegistry.builder().build();
  private final InformerRuntime runtime = InformerRuntime.create("factory-sim");
  private final SharedInformerFactory factory = SharedInformerFactory.builder(InformersMap.builder(api).runtime(runtime)
      .missingTypeChecks(MissingTypeChecks.every(Duration.ofMillis(100))).build(), queues).build();

  @AfterEach
  void tearDown() throws InterruptedException {
    factory.stop(Duration.ofSeconds(10));
    queues.shutdownAll();
    runtime.stop(Duration.ofSeconds(10));
    api.close();
  }

  private SharedIndexInformer<SimObject> register(TypeKey type, InformerOptions options) {
    return factory.informerFor(api.type(type), options);
  }

  private TypeStatus status(TypeKey type) {
    return factory.statuses().stream().filter(status -> status.type().equals(type)).findFirst().orElseThrow();
  }

  @Test
  void eventsOfEachTypeReachItsOwnQueueAsOneItemPerObject() throws InterruptedException {
    PriorityWorkQueue<QueueItem> websites = queues.register(WEBSITES);
    api.create(WEBSITES, SimObject.of("shop", "front"));
    api.create(NODES, SimObject.of("", "node-1"));
    register(WEBSITES, InformerOptions.defaults());
    register(NODES, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(10))).isTrue();
    for (int i = 0; i < 5; i++) {
      api.upsert(WEBSITES, SimObject.of("shop", "front").withLabel("rev", Integer.toString(i)));
    }
    await().until(() -> status(WEBSITES).eventsReceived() == 6);
    assertThat(drain(websites)).containsExactly(new QueueItem(WEBSITES, ObjectKey.of("shop", "front")));
    assertThat(drain(queues.defaultQueue())).containsExactly(new QueueItem(NODES, ObjectKey.clusterScoped("node-1")));
  }

  @Test
  void withOneAllowedNamespaceTheSourceIsOnlyAskedForIt() throws InterruptedException {
    api.create(WEBSITES, SimObject.of("team-a", "mine"));
    api.create(WEBSITES, SimObject.of("team-b", "theirs"));
    register(WEBSITES, InformerOptions.builder().namespaceFilter(NamespaceFilter.allowing("team-a")).build());
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(10))).isTrue();
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
    PriorityWorkQueue<QueueItem> databases = queues.register(DATABASES);
    register(WEBSITES, InformerOptions.defaults());
    SharedIndexInformer<SimObject> databaseInformer = register(DATABASES, InformerOptions.builder().name("Database").build());
    assertThat(factory.isMissing(DATABASES)).isTrue();
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(10))).as("missing types are not waited for").isTrue();
    assertThat(factory.registered().get(WEBSITES).informer().hasSynced()).isTrue();
    assertThat(databaseInformer.state()).isEqualTo(InformerState.NEW);
    assertThat(factory.missing()).containsOnlyKeys(DATABASES);

    api.install(DATABASES, Scope.NAMESPACED);
    api.create(DATABASES, SimObject.of("shop", "orders"));
    await().atMost(60, TimeUnit.SECONDS).until(() -> !factory.isMissing(DATABASES));
    assertThat(factory.synced(DATABASES)).succeedsWithin(Duration.ofSeconds(10));
    assertThat(drain(databases)).containsExactly(new QueueItem(DATABASES, ObjectKey.of("shop", "orders")));

    api.uninstall(DATABASES);
    await().atMost(60, TimeUnit.SECONDS).until(() -> factory.isMissing(DATABASES));
    assertThat(factory.isMissing(WEBSITES)).isFalse();
    assertThat(factory.registered().get(WEBSITES).informer().state().isTerminal()).isFalse();
  }

  @Test
  void aBurstOfServerErrorsNeverMakesATypeMissing() throws InterruptedException {
    register(WEBSITES, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(10))).isTrue();
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
    Set<Thread> before = mapThreads();
    SharedInformerFactory own = SharedInformerFactory.builder(InformersMap.builder(api).build(), queues).build();
    api.faults().responseLatency(Duration.ofMillis(200));
    own.informerFor(api.type(WEBSITES), InformerOptions.defaults());
    own.start();
    assertThatThrownBy(own::start).isInstanceOf(IllegalStateException.class).hasMessage("factory already started");
    assertThat(own.stop(Duration.ofSeconds(10))).isTrue();
    assertThat(own.stop(Duration.ofSeconds(10))).isTrue();
    assertThatThrownBy(own::start).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cannot be restarted");
    assertThat(mapThreads()).as("the threads of the runtime the map created").isSubsetOf(before);
  }

  /** Returns the live threads of runtimes that informers maps created for themselves. */
  private static Set<Thread> mapThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("informer4j-informers-") && t.isAlive()).collect(Collectors.toSet());
  }
}
