package io.informer4j.reader;

import static io.informer4j.testing.FakeBackend.DEPLOYMENTS;
import static io.informer4j.testing.FakeBackend.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.informer.InformerState;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.source.Selection;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Start, stop, waiting for sync, the registered entries and removing one informer. */
class InformersMapLifecycleTest extends MapTestBase {

  private GatedSource<Item> slow(ObjectType<Item> type) {
    GatedSource<Item> slow = new GatedSource<>(fixture.source(type, ""));
    fixture.backend.serve(type, slow);
    return slow;
  }

  private static <V> CompletableFuture<V> async(Callable<V> call) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return call.call();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
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
    assertThat(map.isRunning()).isFalse();
  }

  @Test
  void afterStopNoInformerIsCreatedAndSyncedOnesStillServeReads() throws InterruptedException {
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    map = fixture.map().build();
    map.start();
    MapEntry<Item> pods = map.get(PODS, WAIT);
    FakeSource.Watch watch = fixture.source(PODS, "").lastWatch();

    assertThat(map.stop(WAIT)).isTrue();

    assertThatThrownBy(() -> map.get(DEPLOYMENTS, WAIT))
        .isInstanceOf(IllegalStateException.class).hasMessage("informer map stopped");
    assertThatThrownBy(() -> map.register(DEPLOYMENTS, InformerSpec.all(), WAIT))
        .isInstanceOf(IllegalStateException.class).hasMessage("informer map stopped");
    assertThat(fixture.backend.calls()).containsExactly("/v1, Kind=Pod as Item");
    MapEntry<Item> afterStop = map.get(PODS, WAIT);
    assertThat(afterStop).isSameAs(pods);
    assertThat(afterStop.reader().get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
    assertThat(pods.informer().state()).isEqualTo(InformerState.STOPPED);
    assertThat(pods.runState()).isEqualTo(MapEntry.RunState.STOPPED);
    assertThat(watch.isClosedByClient()).isTrue();
  }

  @Test
  void afterStopAnUnsyncedInformerFailsAtOnceInsteadOfBlocking() throws InterruptedException {
    GatedSource<Item> slow = slow(PODS);
    map = fixture.map().build();
    map.start();
    map.get(PODS, "", false, WAIT);
    assertThat(slow.listing.await(10, TimeUnit.SECONDS)).isTrue();

    map.stop(WAIT);

    assertThatThrownBy(() -> map.get(PODS, "", false, WAIT))
        .isInstanceOf(IllegalStateException.class).hasMessage("informer map stopped");
  }

  @Test
  void aGetBlockedOnSyncEndsWhenTheMapStops() throws Exception {
    slow(PODS);
    map = fixture.map().build();
    map.start();
    CompletableFuture<MapEntry<Item>> blocked = CompletableFuture.supplyAsync(() -> map.get(PODS, WAIT));
    await().until(() -> ReaderFixture.someThreadWaitsIn("awaitSync"));

    map.stop(WAIT);

    assertThatThrownBy(() -> blocked.get(10, TimeUnit.SECONDS)).hasRootCauseMessage("informer map stopped");
  }

  @Test
  void stopEndsEveryInformerAndTheThreadsOfAnOwnedRuntime() throws InterruptedException {
    map = InformersMap.builder(fixture.backend).build();
    map.start();
    MapEntry<Item> pods = map.get(PODS, WAIT);
    MapEntry<Item> deployments = map.get(DEPLOYMENTS, WAIT);
    assertThat(threadsNamed("informer4j-informers-")).isPositive();

    assertThat(map.stop(WAIT)).isTrue();

    assertThat(pods.informer().stopped()).isCompleted();
    assertThat(deployments.informer().stopped()).isCompleted();
    assertThat(map.runtime().isStopped()).isTrue();
    assertThat(threadsNamed("informer4j-informers-")).isZero();
  }

  @Test
  void aSharedRuntimeIsLeftRunningForItsOwner() throws InterruptedException {
    map = fixture.map().build();
    map.start();
    map.get(PODS, WAIT);
    map.stop(WAIT);
    assertThat(fixture.runtime.isStopped()).isFalse();
  }

  @Test
  void stopBeforeStartStopsTheRegisteredInformersAndWaitForCacheSyncReturnsFalse() throws InterruptedException {
    map = fixture.map().build();
    MapEntry<Item> pods = map.get(PODS, WAIT);
    CompletableFuture<Boolean> waiting = async(() -> map.waitForCacheSync(WAIT));

    map.stop(WAIT);

    assertThat(pods.informer().state()).isEqualTo(InformerState.STOPPED);
    assertThat(waiting).succeedsWithin(WAIT).isEqualTo(false);
  }

  @Test
  void waitForCacheSyncWithNoInformersIsTrueOnceStartedAndFalseBefore() throws InterruptedException {
    map = fixture.map().build();
    assertThat(map.waitForCacheSync(Duration.ofMillis(20))).isFalse();
    map.start();
    assertThat(map.waitForCacheSync(Duration.ZERO)).isTrue();
  }

  @Test
  void waitForCacheSyncWaitsForTheInformersRegisteredAtTheCall() throws Exception {
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    GatedSource<Item> slowDeployments = slow(DEPLOYMENTS);
    map = fixture.map().build();
    map.get(PODS, WAIT);
    CompletableFuture<Boolean> waiting = async(() -> map.waitForCacheSync(WAIT));
    await().until(() -> ReaderFixture.someThreadWaitsIn("waitForCacheSync"));

    map.get(DEPLOYMENTS, WAIT);
    map.start();

    assertThat(waiting).succeedsWithin(WAIT).isEqualTo(true);
    assertThat(map.find(DEPLOYMENTS, Selection.all()).orElseThrow().informer().hasSynced()).isFalse();
    assertThat(map.waitForCacheSync(Duration.ofMillis(20))).isFalse();
    slowDeployments.open();
    assertThat(map.waitForCacheSync(WAIT)).isTrue();
  }

  @Test
  void entriesAreASnapshotOfTheRegisteredInformersAndTheirSyncState() throws InterruptedException {
    GatedSource<Item> slow = slow(DEPLOYMENTS);
    map = fixture.map().build();
    assertThat(map.entries()).isEmpty();
    map.start();
    MapEntry<Item> pods = map.get(PODS, WAIT);
    MapEntry<Item> deployments = map.get(DEPLOYMENTS, "", false, WAIT);

    assertThat(map.entries()).containsExactly(deployments, pods);
    assertThat(map.entries().stream().filter(entry -> entry.informer().hasSynced())).containsExactly(pods);
    slow.open();
    assertThat(map.waitForCacheSync(WAIT)).isTrue();
    assertThat(map.entries()).allMatch(entry -> entry.informer().hasSynced());
  }

  @Test
  void removeStopsItsInformerAndTheNextGetCreatesANewOne() {
    FakeSource pods = fixture.source(PODS, "");
    pods.put(Item.of("a", "x", "1"));
    map = fixture.map().build();
    map.start();
    MapEntry<Item> first = map.get(PODS, WAIT);
    FakeSource.Watch watch = pods.lastWatch();

    MapEntry<Item> removed = map.remove(PODS, Selection.all()).orElseThrow();

    assertThat(removed).isSameAs(first);
    assertThat(removed.informer().stopped()).succeedsWithin(WAIT);
    assertThat(removed.informer().state()).isEqualTo(InformerState.STOPPED);
    assertThat(removed.runState()).isEqualTo(MapEntry.RunState.STOPPED);
    assertThat(watch.isClosedByClient()).isTrue();
    assertThat(map.find(PODS, Selection.all())).isEmpty();
    assertThat(map.remove(PODS, Selection.all())).isEmpty();

    MapEntry<Item> second = map.get(PODS, WAIT);
    assertThat(second).isNotSameAs(first);
    assertThat(second.reader().get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
    assertThat(fixture.backend.calls()).hasSize(2);
  }

  @Test
  void aGetWaitingOnAnInformerThatIsRemovedFailsClearly() {
    slow(PODS);
    map = fixture.map().build();
    map.start();
    map.get(PODS, "", false, WAIT);
    CompletableFuture<MapEntry<Item>> blocked = CompletableFuture.supplyAsync(() -> map.get(PODS, WAIT));
    await().until(() -> ReaderFixture.someThreadWaitsIn("awaitSync"));

    map.remove(PODS, Selection.all());

    assertThatThrownBy(() -> blocked.get(10, TimeUnit.SECONDS))
        .hasRootCauseInstanceOf(IllegalStateException.class)
        .hasRootCauseMessage("informer Pod (Item) stopped before it synced (it was removed)");
  }

  private static long threadsNamed(String prefix) {
    return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(prefix) && t.isAlive()).count();
  }
}
