package io.informer4j.reader;

import static io.informer4j.testing.FakeBackend.DEPLOYMENTS;
import static io.informer4j.testing.FakeBackend.NODES;
import static io.informer4j.testing.FakeBackend.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.informer.InformerState;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.source.Backend;
import io.informer4j.source.Selection;
import io.informer4j.source.TypePresence;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Lazy creation, blocking until synced, races, failing backends, scope per type and representations. */
class InformersMapGetTest {

  private static final Duration WAIT = Duration.ofSeconds(60);

  private final ReaderFixture fixture = new ReaderFixture();
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private InformersMap map;

  @AfterEach
  void tearDown() throws InterruptedException {
    threads.shutdownNow();
    if (map != null) {
      map.stop(WAIT);
    }
    fixture.close();
  }

  /** Serves pods through a source whose lists wait for the test. */
  private GatedSource<Item> slowPods() {
    GatedSource<Item> slow = new GatedSource<>(fixture.source(PODS, ""));
    fixture.backend.serve(PODS, slow);
    return slow;
  }

  @Test
  void getBeforeStartRegistersWithoutBlockingAndStartStartsIt() throws InterruptedException {
    GatedSource<Item> slow = slowPods();
    map = fixture.map().build();

    MapEntry<Item> entry = map.get(PODS, Duration.ZERO);

    assertThat(entry.runState()).isEqualTo(MapEntry.RunState.NEW);
    assertThat(entry.informer().state()).isEqualTo(InformerState.NEW);
    assertThat(entry.informer().indexer().size()).isZero();
    assertThat(map.find(PODS, Selection.all())).contains(entry);
    map.start();
    assertThat(entry.runState()).isEqualTo(MapEntry.RunState.RUNNING);
    assertThat(entry.informer().state()).isNotEqualTo(InformerState.NEW);
    slow.open();
    assertThat(map.waitForCacheSync(WAIT)).isTrue();
  }

  @Test
  void getAfterStartBlocksUntilSyncedAndAShortDeadlineIsATimeoutNotANotFound() throws Exception {
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    GatedSource<Item> slow = slowPods();
    map = fixture.map().build();
    map.start();

    assertThatThrownBy(() -> map.get(PODS, Duration.ofMillis(50)))
        .isInstanceOf(CacheTimeoutException.class)
        .isNotInstanceOf(NotFoundException.class)
        .hasMessage("Timeout: failed waiting for /v1, Kind=Pod as Item Informer to sync");

    Future<MapEntry<Item>> blocked = threads.submit(() -> map.get(PODS, WAIT));
    assertThat(slow.listing.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(blocked).isNotDone();
    slow.open();
    MapEntry<Item> entry = blocked.get(10, TimeUnit.SECONDS);
    assertThat(entry.runState()).isEqualTo(MapEntry.RunState.RUNNING);
    assertThat(entry.informer().hasSynced()).isTrue();
    assertThat(entry.reader().get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
  }

  @Test
  void getWithoutBlockingReturnsAnUnsyncedEntryAtOnce() {
    GatedSource<Item> slow = slowPods();
    map = fixture.map().build();
    map.start();

    MapEntry<Item> entry = map.get(PODS, "", false, Duration.ZERO);

    assertThat(entry.runState()).isEqualTo(MapEntry.RunState.RUNNING);
    assertThat(entry.informer().hasSynced()).isFalse();
    slow.open();
  }

  @Test
  void twoThreadsRacingGetShareOneInformerAndOneBackendCall() throws Exception {
    BlockingBackend backend = new BlockingBackend(type -> true, fixture.backend);
    map = fixture.map(backend).build();
    map.start();

    Future<MapEntry<Item>> first = threads.submit(() -> map.get(PODS, WAIT));
    assertThat(backend.awaitEntered()).isTrue();
    Future<MapEntry<Item>> second = threads.submit(() -> map.get(PODS, WAIT));
    await().until(() -> ReaderFixture.someThreadWaitsIn("awaitCreation"));
    backend.release();

    assertThat(first.get(10, TimeUnit.SECONDS)).isSameAs(second.get(10, TimeUnit.SECONDS));
    assertThat(backend.calls).hasValue(1);
    assertThat(map.entries()).hasSize(1);
  }

  @Test
  void aSlowBackendCallForOneTypeDoesNotBlockAnotherType() throws Exception {
    BlockingBackend backend = new BlockingBackend(DEPLOYMENTS.key()::equals, fixture.backend);
    map = fixture.map(backend).build();
    map.start();

    Future<MapEntry<Item>> deployments = threads.submit(() -> map.get(DEPLOYMENTS, WAIT));
    assertThat(backend.awaitEntered()).isTrue();
    assertThat(map.get(PODS, WAIT).informer().hasSynced()).isTrue();
    assertThat(deployments).isNotDone();
    backend.release();
    assertThat(deployments.get(10, TimeUnit.SECONDS).runState()).isEqualTo(MapEntry.RunState.RUNNING);
  }

  @Test
  void aFailingBackendRegistersNothingAndALaterGetTriesAgain() {
    AtomicInteger calls = new AtomicInteger();
    map = fixture.map(Backend.of(fixture.backend.types(), type -> {
      if (calls.incrementAndGet() == 1) {
        throw new IllegalStateException("backend unreachable");
      }
      return fixture.backend.listerWatcher(type);
    })).build();

    assertThatThrownBy(() -> map.get(PODS, WAIT)).hasMessage("backend unreachable");
    assertThat(map.find(PODS, Selection.all())).isEmpty();
    assertThat(map.entries()).isEmpty();

    assertThat(map.get(PODS, WAIT)).isNotNull();
    assertThat(calls).hasValue(2);
  }

  @Test
  void aBackendReturningNoSourceIsAClearErrorAndRegistersNothing() {
    map = fixture.map(Backend.of(fixture.backend.types(), type -> null)).build();
    assertThatThrownBy(() -> map.get(PODS, WAIT))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("no source for /v1, Kind=Pod as Item");
    assertThat(map.entries()).isEmpty();
  }

  @Test
  void racingCallersOfAFailingBackendAllSeeTheError() throws Exception {
    BlockingBackend backend = new BlockingBackend(type -> true, Backend.of(fixture.backend.types(), type -> {
      throw new IllegalStateException("no such API");
    }));
    map = fixture.map(backend).build();

    Future<MapEntry<Item>> first = threads.submit(() -> map.get(PODS, WAIT));
    assertThat(backend.awaitEntered()).isTrue();
    Future<MapEntry<Item>> second = threads.submit(() -> map.get(PODS, WAIT));
    await().until(() -> ReaderFixture.someThreadWaitsIn("awaitCreation"));
    backend.release();

    assertThatThrownBy(() -> first.get(10, TimeUnit.SECONDS)).hasRootCauseMessage("no such API");
    assertThatThrownBy(() -> second.get(10, TimeUnit.SECONDS)).hasRootCauseMessage("no such API");
    assertThat(backend.calls).hasValue(1);
    assertThat(map.entries()).isEmpty();
  }

  @Test
  void waitingForAnotherCallersCreationHonoursTheDeadline() throws Exception {
    BlockingBackend backend = new BlockingBackend(type -> true, fixture.backend);
    map = fixture.map(backend).build();

    Future<MapEntry<Item>> creator = threads.submit(() -> map.get(PODS, WAIT));
    assertThat(backend.awaitEntered()).isTrue();
    assertThatThrownBy(() -> map.get(PODS, Duration.ofMillis(20)))
        .isInstanceOf(CacheTimeoutException.class)
        .hasMessageContaining("to be created");
    backend.release();
    assertThat(creator.get(10, TimeUnit.SECONDS)).isNotNull();
  }

  @Test
  void scopeIsPerTypeInAnAllNamespacesMap() {
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    fixture.source(NODES, "").put(Item.of("", "node-1", "1"));
    map = fixture.map().build();
    map.start();

    assertThat(map.namespace()).isEmpty();
    assertThat(map.get(PODS, WAIT).reader().get(ObjectKey.of("a", "x")).key()).isEqualTo("a/x");
    MapEntry<Item> nodes = map.get(NODES, WAIT);
    assertThat(nodes.reader().get(ObjectKey.of("a", "node-1")).key()).isEqualTo("node-1");
    assertThat(nodes.scope()).isEqualTo(Scope.CLUSTER);
  }

  @Test
  void aClusterScopedTypeInANamespacedMapIsWatchedClusterWide() {
    map = fixture.map().namespace("team-a").build();
    assertThat(map.get(NODES, WAIT).selection().namespace()).isEmpty();
    assertThat(map.get(PODS, WAIT).selection().namespace()).isEqualTo("team-a");
    assertThat(map.get(NODES, "team-b", false, WAIT)).as("one informer, whatever namespace is asked for")
        .isSameAs(map.get(NODES, WAIT));
    assertThat(fixture.backend.calls()).containsExactly("/v1, Kind=Node as node", "/v1, Kind=Pod as Item");
  }

  @Test
  void aScopeUnknownToTheRegistryComesFromDiscovery() {
    TypeKey volumes = TypeKey.of("", "v1", "PersistentVolume");
    fixture.backend.setPresence(volumes, TypePresence.present(Scope.CLUSTER));
    ObjectType<Item> type = ObjectType.of(volumes, Item.class, Item.COPYING_ADAPTER);
    map = fixture.map().namespace("team-a").build();

    MapEntry<Item> entry = map.get(type, WAIT);

    assertThat(entry.scope()).isEqualTo(Scope.CLUSTER);
    assertThat(entry.selection().namespace()).isEmpty();
  }

  @Test
  void twoRepresentationsOfOneTypeGetTheirOwnInformers() {
    ObjectType<Item> metadata = ObjectType.of(PODS.key(), "metadata", Item.class, Item.COPYING_ADAPTER);
    fixture.source(metadata, "").put(Item.of("a", "x", "1"));
    map = fixture.map().build();
    map.start();

    MapEntry<Item> typed = map.get(PODS, WAIT);
    MapEntry<Item> other = map.get(metadata, WAIT);

    assertThat(typed.informer()).isNotSameAs(other.informer());
    assertThat(fixture.backend.calls()).containsExactly("/v1, Kind=Pod as Item", "/v1, Kind=Pod as metadata");
    assertThat(other.reader().get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
    assertThat(map.entries()).hasSize(2);
    assertThat(map.find(metadata, Selection.all())).contains(other);
    assertThat(map.entriesOf(PODS)).containsExactly(typed);
  }

  @Test
  void aClassRegisteredForAnotherTypeIsATypeMismatchNamingBoth() {
    fixture.backend.typed(PODS);
    map = fixture.map().build();

    assertThatThrownBy(() -> map.get(DEPLOYMENTS, WAIT))
        .isInstanceOf(TypeMismatchException.class)
        .hasMessageContaining("apps/v1, Kind=Deployment")
        .hasMessageContaining("/v1, Kind=Pod");
    assertThat(map.get(fixture.backend.type(Item.class), WAIT).type()).isEqualTo(PODS);
    assertThat(fixture.backend.calls()).containsExactly("/v1, Kind=Pod as Item");
  }

  @Test
  void anUnknownTypeIsRejectedAndRegistersNothing() {
    map = fixture.map().build();
    ObjectType<Item> secrets = ObjectType.of(TypeKey.of("", "v1", "Secret"), Item.class, Item.ADAPTER);
    ObjectType<String> strings = ObjectType.of(PODS.key(), String.class,
        ObjectAdapter.builder((String s) -> "", s -> s).build());

    assertThatThrownBy(() -> map.get(secrets, WAIT))
        .isInstanceOf(UnknownTypeException.class)
        .hasMessageContaining("/v1, Kind=Secret");
    assertThatThrownBy(() -> map.register(strings, InformerSpec.all(), WAIT))
        .isInstanceOf(UnknownTypeException.class)
        .hasMessageContaining("/v1, Kind=Pod as String");
    assertThat(map.entries()).isEmpty();
    assertThat(fixture.backend.calls()).isEmpty();
  }

  @Test
  void anInterruptedWaitIsATimeoutAndKeepsTheInterruptFlag() throws Exception {
    GatedSource<Item> slow = slowPods();
    map = fixture.map().build();
    map.start();
    CompletableFuture<String> outcome = new CompletableFuture<>();
    Thread waiter = new Thread(() -> {
      try {
        map.get(PODS, WAIT);
        outcome.complete("returned");
      } catch (CacheTimeoutException e) {
        outcome.complete("timeout, interrupted=" + Thread.currentThread().isInterrupted()
            + ", cause=" + e.getCause().getClass().getSimpleName());
      }
    });
    waiter.start();
    await().until(() -> waiter.getState() == Thread.State.TIMED_WAITING);
    waiter.interrupt();
    assertThat(outcome.get(10, TimeUnit.SECONDS)).isEqualTo("timeout, interrupted=true, cause=InterruptedException");
    slow.open();
  }
}
