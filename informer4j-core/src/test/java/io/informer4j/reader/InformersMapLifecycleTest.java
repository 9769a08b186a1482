package io.informer4j.reader;

import static io.informer4j.reader.ReaderFixture.DEPLOYMENTS;
import static io.informer4j.reader.ReaderFixture.ITEMS;
import static io.informer4j.reader.ReaderFixture.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.informer.InformerState;
import io.informer4j.meta.ObjectKey;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Start, stop, waiting for sync, sync checks and removing one informer. */
class InformersMapLifecycleTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private final ReaderFixture fixture = new ReaderFixture();
  private InformersMap map;

  @AfterEach
  void tearDown() throws InterruptedException {
    if (map != null) {
      map.stop(WAIT);
    }
    fixture.close();
  }

  @Test
  void aSecondStartAndAStartAfterStopAreRejected() throws InterruptedException {
    map = fixture.map().build();
    map.start();
    assertThatThrownBy(map::start).isInstanceOf(IllegalStateException.class).hasMessage("informer map already started");
    map.stop(WAIT);
    assertThatThrownBy(map::start).isInstanceOf(IllegalStateException.class).hasMessage("informer map stopped");
    assertThat(map.isStarted()).isTrue();
    assertThat(map.isStopped()).isTrue();
  }

  @Test
  void afterStopNoInformerIsCreatedAndSyncedOnesStillServeReads() throws InterruptedException {
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    map = fixture.map().build();
    map.start();
    MapEntry<Item> pods = map.get(PODS, ITEMS, WAIT).entry();
    FakeSource.Watch watch = fixture.source(PODS, "").lastWatch();

    assertThat(map.stop(WAIT)).isTrue();

    assertThatThrownBy(() -> map.get(DEPLOYMENTS, ITEMS, WAIT))
        .isInstanceOf(IllegalStateException.class).hasMessage("informer map stopped");
    assertThat(fixture.factoryCalls).containsExactly("/v1, Kind=Pod||Item");
    MapLookup<Item> afterStop = map.get(PODS, ITEMS, WAIT);
    assertThat(afterStop.entry()).isSameAs(pods);
    assertThat(afterStop.entry().reader().get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
    assertThat(pods.informer().state()).isEqualTo(InformerState.STOPPED);
    assertThat(watch.isClosedByClient()).isTrue();
  }

  @Test
  void afterStopAnUnsyncedInformerFailsAtOnceInsteadOfBlocking() throws InterruptedException {
    GatedSource<Item> slow = new GatedSource<>(fixture.source(PODS, ""));
    map = fixture.map((type, ns, registry, rep) -> slow).build();
    map.start();
    map.get(PODS, ITEMS, false, WAIT);
    assertThat(slow.listing.await(10, TimeUnit.SECONDS)).isTrue();

    map.stop(WAIT);

    assertThatThrownBy(() -> map.get(PODS, ITEMS, false, WAIT))
        .isInstanceOf(IllegalStateException.class).hasMessage("informer map stopped");
  }

  @Test
  void aGetBlockedOnSyncEndsWhenTheMapStops() throws Exception {
    GatedSource<Item> slow = new GatedSource<>(fixture.source(PODS, ""));
    map = fixture.map((type, ns, registry, rep) -> slow).build();
    map.start();
    CompletableFuture<MapLookup<Item>> blocked = CompletableFuture.supplyAsync(() -> map.get(PODS, ITEMS, WAIT));
    await().until(() -> ReaderFixture.someThreadWaitsIn("awaitSync"));

    map.stop(WAIT);

    assertThatThrownBy(() -> blocked.get(10, TimeUnit.SECONDS)).hasRootCauseMessage("informer map stopped");
  }

  @Test
  void stopEndsEveryInformerAndTheThreadsOfAnOwnedRuntime() throws InterruptedException {
    map = InformersMap.builder(fixture.registry, fixture.factory()).build();
    map.start();
    MapEntry<Item> pods = map.get(PODS, ITEMS, WAIT).entry();
    MapEntry<Item> deployments = map.get(DEPLOYMENTS, ITEMS, WAIT).entry();
    assertThat(threadsNamed("informer4j-informers-map")).isPositive();

    assertThat(map.stop(WAIT)).isTrue();

    assertThat(pods.informer().stopped()).isCompleted();
    assertThat(deployments.informer().stopped()).isCompleted();
    assertThat(map.runtime().isClosed()).isTrue();
    assertThat(threadsNamed("informer4j-informers-map")).isZero();
  }

  @Test
  void aSharedRuntimeIsLeftRunningForItsOwner() throws InterruptedException {
    map = fixture.map().build();
    map.start();
    map.get(PODS, ITEMS, WAIT);
    map.stop(WAIT);
    assertThat(fixture.runtime.isClosed()).isFalse();
  }

  @Test
  void stopBeforeStartStopsTheRegisteredInformersAndWaitForCacheSyncReturnsFalse() throws InterruptedException {
    map = fixture.map().build();
    MapEntry<Item> pods = map.get(PODS, ITEMS, WAIT).entry();
    CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(() -> map.waitForCacheSync(WAIT));

    map.stop(WAIT);

    assertThat(pods.informer().state()).isEqualTo(InformerState.STOPPED);
    assertThat(waiting).succeedsWithin(WAIT).isEqualTo(false);
  }

  @Test
  void waitForCacheSyncWithNoInformersIsTrueOnceStartedAndFalseBefore() {
    map = fixture.map().build();
    assertThat(map.waitForCacheSync(Duration.ofMillis(20))).isFalse();
    map.start();
    assertThat(map.waitForCacheSync(Duration.ZERO)).isTrue();
  }

  @Test
  void waitForCacheSyncWaitsForTheInformersRegisteredAtTheCall() throws Exception {
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    GatedSource<Item> slowDeployments = new GatedSource<>(fixture.source(DEPLOYMENTS, ""));
    map = fixture.map((type, ns, registry, rep) ->
        type.equals(DEPLOYMENTS) ? slowDeployments : fixture.source(type, ns)).build();
    map.get(PODS, ITEMS, WAIT);
    CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(() -> map.waitForCacheSync(WAIT));
    await().until(() -> ReaderFixture.someThreadWaitsIn("waitForCacheSync"));

    map.get(DEPLOYMENTS, ITEMS, WAIT);
    map.start();

    assertThat(waiting).succeedsWithin(WAIT).isEqualTo(true);
    assertThat(map.find(DEPLOYMENTS, ITEMS).orElseThrow().informer().hasSynced()).isFalse();
    assertThat(map.waitForCacheSync(Duration.ofMillis(20))).isFalse();
    slowDeployments.open();
    assertThat(map.waitForCacheSync(WAIT)).isTrue();
  }

  @Test
  void hasSyncedFuncsIsASnapshotOfTheRegisteredInformers() {
    GatedSource<Item> slow = new GatedSource<>(fixture.source(DEPLOYMENTS, ""));
    map = fixture.map((type, ns, registry, rep) ->
        type.equals(DEPLOYMENTS) ? slow : fixture.source(type, ns)).build();
    assertThat(map.hasSyncedFuncs()).isEmpty();
    map.start();
    map.get(PODS, ITEMS, WAIT);
    map.get(DEPLOYMENTS, ITEMS, false, WAIT);

    assertThat(map.hasSyncedFuncs()).hasSize(2);
    assertThat(map.hasSyncedFuncs().stream().filter(BooleanSupplier::getAsBoolean).count()).isEqualTo(1);
    slow.open();
    assertThat(map.waitForCacheSync(WAIT)).isTrue();
    assertThat(map.hasSyncedFuncs()).allMatch(BooleanSupplier::getAsBoolean);
  }

  @Test
  void removeInformerStopsItsInformerAndTheNextGetCreatesANewOne() throws Exception {
    FakeSource pods = fixture.source(PODS, "");
    pods.put(Item.of("a", "x", "1"));
    map = fixture.map().build();
    map.start();
    MapEntry<Item> first = map.get(PODS, ITEMS, WAIT).entry();
    FakeSource.Watch watch = pods.lastWatch();

    MapEntry<Item> removed = map.removeInformer(PODS, ITEMS).orElseThrow();

    assertThat(removed).isSameAs(first);
    assertThat(removed.informer().stopped()).succeedsWithin(WAIT);
    assertThat(removed.informer().state()).isEqualTo(InformerState.STOPPED);
    assertThat(watch.isClosedByClient()).isTrue();
    assertThat(map.find(PODS, ITEMS)).isEmpty();
    assertThat(map.removeInformer(PODS, ITEMS)).isEmpty();

    MapEntry<Item> second = map.get(PODS, ITEMS, WAIT).entry();
    assertThat(second).isNotSameAs(first);
    assertThat(second.reader().get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
    assertThat(fixture.factoryCalls).hasSize(2);
  }

  @Test
  void aGetWaitingOnAnInformerThatIsRemovedFailsClearly() throws Exception {
    GatedSource<Item> slow = new GatedSource<>(fixture.source(PODS, ""));
    map = fixture.map((type, ns, registry, rep) -> slow).build();
    map.start();
    map.get(PODS, ITEMS, false, WAIT);
    CompletableFuture<MapLookup<Item>> blocked = CompletableFuture.supplyAsync(() -> map.get(PODS, ITEMS, WAIT));
    await().until(() -> ReaderFixture.someThreadWaitsIn("awaitSync"));

    map.removeInformer(PODS, ITEMS);

    assertThatThrownBy(() -> blocked.get(10, TimeUnit.SECONDS))
        .hasRootCauseInstanceOf(IllegalStateException.class)
        .hasRootCauseMessage("informer /v1, Kind=Pod Item stopped before it synced (it was removed)");
  }

  private static long threadsNamed(String prefix) {
    return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(prefix) && t.isAlive()).count();
  }
}
