package io.informer4j.reader;

import static io.informer4j.reader.SimulatedReaderFixture.NODES;
import static io.informer4j.reader.SimulatedReaderFixture.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.informer.InformerState;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.Selection;
import io.informer4j.testkit.RecordedRequest;
import io.informer4j.testkit.SimObject;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The informers map against {@link io.informer4j.testkit.SimulatedApi}: the acceptance list of the
 * generic informers map (lazy creation, blocking until synced, races, waiting for sync, start and
 * stop), scope per type, typed and dynamic representations, and removal.
 */
class InformersMapAcceptanceTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private final SimulatedReaderFixture fixture = new SimulatedReaderFixture();
  private InformersMap map;

  @AfterEach
  void tearDown() throws InterruptedException {
    if (map != null) {
      map.stop(WAIT);
    }
    fixture.close();
  }

  @Test
  void getBeforeStartRegistersReturnsNotStartedAndDoesNotBlock() throws InterruptedException {
    fixture.pod("a", "x", "node-1", Map.of());
    map = fixture.map("");

    MapEntry<SimObject> entry = map.get(PODS, Duration.ZERO);

    assertThat(map.isStarted()).isFalse();
    assertThat(entry.runState()).isEqualTo(MapEntry.RunState.NEW);
    assertThat(entry.informer().state()).isEqualTo(InformerState.NEW);
    assertThat(entry.informer().indexer().size()).isZero();
    assertThat(fixture.api.requests()).isEmpty();
    map.start();
    assertThat(map.waitForCacheSync(WAIT)).isTrue();
    assertThat(entry.runState()).isEqualTo(MapEntry.RunState.RUNNING);
    assertThat(entry.reader().get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
  }

  @Test
  void getAfterStartOnASlowListBlocksUntilSyncedAndAShortDeadlineIsATimeout() throws Exception {
    fixture.pod("a", "x", "node-1", Map.of());
    CompletableFuture<GatedListerWatcher<?>> gate = new CompletableFuture<>();
    fixture.wrappers.put(PODS.key(), source -> {
      GatedListerWatcher<?> gated = new GatedListerWatcher<>(source);
      gate.complete(gated);
      return gated;
    });
    map = fixture.map("");
    map.start();

    assertThatThrownBy(() -> map.get(PODS, Duration.ofMillis(50)))
        .isInstanceOf(CacheTimeoutException.class)
        .hasMessageContaining("failed waiting for /v1, Kind=Pod as dynamic");
    BackgroundCall<MapEntry<SimObject>> blocked = new BackgroundCall<>("get", () -> map.get(PODS, WAIT));
    await().until(blocked::isWaiting);
    assertThat(blocked.isDone()).isFalse();

    gate.get().open();

    MapEntry<SimObject> entry = blocked.result();
    assertThat(entry.informer().hasSynced()).isTrue();
    assertThat(entry.reader().get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
  }

  @Test
  void twoThreadsRacingGetOnOneTypeMakeOneInformerWithOneBackendCall() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    fixture.wrappers.put(PODS.key(), source -> {
      try {
        release.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return source;
    });
    map = fixture.map("");
    map.start();

    BackgroundCall<MapEntry<SimObject>> first = new BackgroundCall<>("first", () -> map.get(PODS, WAIT));
    await().until(() -> fixture.backendCalls.size() == 1);
    BackgroundCall<MapEntry<SimObject>> second = new BackgroundCall<>("second", () -> map.get(PODS, WAIT));
    await().until(second::isWaiting);
    release.countDown();

    assertThat(first.result()).isSameAs(second.result());
    assertThat(fixture.backendCalls).containsExactly("/v1, Kind=Pod as dynamic");
    assertThat(map.entries()).hasSize(1);
    assertThat(fixture.api.requests().stream().filter(RecordedRequest::isWatch).count()).isEqualTo(1);
  }

  @Test
  void waitForCacheSyncIsTrueRightAfterStartWithoutInformersAndFalseWhenStoppedBeforeStart() throws Exception {
    map = fixture.map("");
    assertThat(map.waitForCacheSync(Duration.ofMillis(20))).isFalse();
    map.start();
    assertThat(map.waitForCacheSync(Duration.ZERO)).isTrue();

    InformersMap neverStarted = fixture.map("");
    BackgroundCall<Boolean> waiting = new BackgroundCall<>("wait", () -> neverStarted.waitForCacheSync(WAIT));
    await().until(waiting::isWaiting);
    neverStarted.stop(WAIT);
    assertThat(waiting.result()).isFalse();
  }

  @Test
  void aSecondStartIsRejectedAndAfterStopNoInformerIsCreatedOrStarted() throws InterruptedException {
    map = fixture.map("");
    map.start();
    map.get(PODS, WAIT);
    assertThatThrownBy(map::start).isInstanceOf(IllegalStateException.class).hasMessage("informer map already started");

    map.stop(WAIT);
    fixture.api.clearRequests();

    assertThatThrownBy(() -> map.get(NODES, WAIT)).isInstanceOf(IllegalStateException.class)
        .hasMessage("informer map stopped");
    assertThatThrownBy(map::start).isInstanceOf(IllegalStateException.class).hasMessage("informer map stopped");
    assertThat(fixture.backendCalls).containsExactly("/v1, Kind=Pod as dynamic");
    assertThat(fixture.api.requests()).isEmpty();
    assertThat(fixture.api.openWatchCount()).isZero();
  }

  @Test
  void anAllNamespacesMapTakesScopePerType() {
    fixture.pod("a", "x", "node-1", Map.of());
    fixture.api.create(NODES.key(), SimObject.of("", "node-1"));
    map = fixture.map("");
    map.start();

    CacheReader<SimObject> pods = map.get(PODS, WAIT).reader();
    CacheReader<SimObject> nodes = map.get(NODES, WAIT).reader();

    assertThat(pods.get(ObjectKey.of("a", "x")).key()).isEqualTo("a/x");
    assertThatThrownBy(() -> pods.get(ObjectKey.clusterScoped("x"))).isInstanceOf(NotFoundException.class);
    assertThat(nodes.get(ObjectKey.of("a", "node-1")).key()).isEqualTo("node-1");
  }

  @Test
  void typedAndDynamicRepresentationsOfOneTypeDoNotCollide() {
    fixture.pod("a", "x", "node-1", Map.of("app", "web"));
    map = fixture.map("");
    map.start();

    MapEntry<SimObject> dynamic = map.get(PODS, WAIT);
    MapEntry<MutablePod> typed = map.get(MutablePod.TYPED, WAIT);

    assertThat(dynamic.informer()).isNotSameAs(typed.informer());
    assertThat(dynamic.reader().get(ObjectKey.of("a", "x"))).isInstanceOf(SimObject.class);
    assertThat(typed.reader().get(ObjectKey.of("a", "x")).nodeName).isEqualTo("node-1");
    assertThat(fixture.backendCalls).containsExactly("/v1, Kind=Pod as dynamic", "/v1, Kind=Pod as typed");
  }

  @Test
  void removeStopsTheInformerAndItsWatch() {
    fixture.pod("a", "x", "node-1", Map.of());
    map = fixture.map("");
    map.start();
    MapEntry<SimObject> pods = map.get(PODS, WAIT);
    map.get(NODES, WAIT);
    await().until(() -> fixture.api.openWatchCount() == 2);

    assertThat(map.remove(PODS, Selection.all())).containsSame(pods);

    assertThat(pods.informer().stopped()).succeedsWithin(WAIT);
    assertThat(pods.informer().state()).isEqualTo(InformerState.STOPPED);
    await().until(() -> fixture.api.openWatchCount() == 1);
    assertThat(map.find(PODS, Selection.all())).isEmpty();
    assertThat(map.find(NODES, Selection.all())).isPresent();
    assertThat(pods.runState()).isEqualTo(MapEntry.RunState.STOPPED);
  }
}
