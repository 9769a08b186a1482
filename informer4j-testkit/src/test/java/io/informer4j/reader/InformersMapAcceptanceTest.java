package io.informer4j.reader;

import static io.informer4j.reader.SimulatedReaderFixture.DYNAMIC;
import static io.informer4j.reader.SimulatedReaderFixture.NODES;
import static io.informer4j.reader.SimulatedReaderFixture.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.informer.InformerState;
import io.informer4j.meta.ObjectKey;
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
  void getBeforeStartRegistersReturnsNotStartedAndDoesNotBlock() {
    fixture.pod("a", "x", "node-1", Map.of());
    map = fixture.map("");

    MapLookup<SimObject> lookup = map.get(PODS, DYNAMIC, Duration.ZERO);

    assertThat(lookup.started()).isFalse();
    assertThat(lookup.entry().informer().state()).isEqualTo(InformerState.NEW);
    assertThat(lookup.entry().informer().indexer().size()).isZero();
    assertThat(fixture.api.requests()).isEmpty();
    map.start();
    assertThat(map.waitForCacheSync(WAIT)).isTrue();
    assertThat(lookup.entry().reader().get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
  }

  @Test
  void getAfterStartOnASlowListBlocksUntilSyncedAndAShortDeadlineIsATimeout() throws Exception {
    fixture.pod("a", "x", "node-1", Map.of());
    CompletableFuture<GatedListerWatcher<?>> gate = new CompletableFuture<>();
    fixture.wrappers.put(PODS, source -> {
      GatedListerWatcher<?> gated = new GatedListerWatcher<>(source);
      gate.complete(gated);
      return gated;
    });
    map = fixture.map("");
    map.start();

    assertThatThrownBy(() -> map.get(PODS, DYNAMIC, Duration.ofMillis(50)))
        .isInstanceOf(CacheTimeoutException.class)
        .hasMessageContaining("failed waiting for /v1, Kind=Pod");
    BackgroundCall<MapLookup<SimObject>> blocked = new BackgroundCall<>("get", () -> map.get(PODS, DYNAMIC, WAIT));
    await().until(blocked::isWaiting);
    assertThat(blocked.isDone()).isFalse();

    gate.get().open();

    MapLookup<SimObject> lookup = blocked.result();
    assertThat(lookup.started()).isTrue();
    assertThat(lookup.entry().reader().get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
  }

  @Test
  void twoThreadsRacingGetOnOneTypeMakeOneInformerWithOneFactoryCall() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    fixture.wrappers.put(PODS, source -> {
      try {
        release.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return source;
    });
    map = fixture.map("");
    map.start();

    BackgroundCall<MapLookup<SimObject>> first = new BackgroundCall<>("first", () -> map.get(PODS, DYNAMIC, WAIT));
    await().until(() -> fixture.factoryCalls.size() == 1);
    BackgroundCall<MapLookup<SimObject>> second = new BackgroundCall<>("second", () -> map.get(PODS, DYNAMIC, WAIT));
    await().until(second::isWaiting);
    release.countDown();

    assertThat(first.result().entry()).isSameAs(second.result().entry());
    assertThat(fixture.factoryCalls).containsExactly("/v1, Kind=Pod||dynamic");
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
    map.get(PODS, DYNAMIC, WAIT);
    assertThatThrownBy(map::start).isInstanceOf(IllegalStateException.class).hasMessage("informer map already started");

    map.stop(WAIT);
    fixture.api.clearRequests();

    assertThatThrownBy(() -> map.get(NODES, DYNAMIC, WAIT)).isInstanceOf(IllegalStateException.class)
        .hasMessage("informer map stopped");
    assertThatThrownBy(map::start).isInstanceOf(IllegalStateException.class).hasMessage("informer map stopped");
    assertThat(fixture.factoryCalls).containsExactly("/v1, Kind=Pod||dynamic");
    assertThat(fixture.api.requests()).isEmpty();
    assertThat(fixture.api.openWatchCount()).isZero();
  }

  @Test
  void anAllNamespacesMapTakesScopePerType() {
    fixture.pod("a", "x", "node-1", Map.of());
    fixture.api.create(NODES, SimObject.of("", "node-1"));
    map = fixture.map("");
    map.start();

    CacheReader<SimObject> pods = map.get(PODS, DYNAMIC, WAIT).entry().reader();
    CacheReader<SimObject> nodes = map.get(NODES, DYNAMIC, WAIT).entry().reader();

    assertThat(pods.get(ObjectKey.of("a", "x")).key()).isEqualTo("a/x");
    assertThatThrownBy(() -> pods.get(ObjectKey.clusterScoped("x"))).isInstanceOf(NotFoundException.class);
    assertThat(nodes.get(ObjectKey.of("a", "node-1")).key()).isEqualTo("node-1");
  }

  @Test
  void typedAndDynamicRepresentationsOfOneTypeDoNotCollide() {
    fixture.pod("a", "x", "node-1", Map.of("app", "web"));
    map = fixture.map("");
    map.start();

    MapEntry<SimObject> dynamic = map.get(PODS, DYNAMIC, WAIT).entry();
    MapEntry<MutablePod> typed = map.get(PODS, MutablePod.TYPED, WAIT).entry();

    assertThat(dynamic.informer()).isNotSameAs(typed.informer());
    assertThat(dynamic.reader().get(ObjectKey.of("a", "x"))).isInstanceOf(SimObject.class);
    assertThat(typed.reader().get(ObjectKey.of("a", "x")).nodeName).isEqualTo("node-1");
    assertThat(fixture.factoryCalls).containsExactly("/v1, Kind=Pod||dynamic", "/v1, Kind=Pod||typed");
  }

  @Test
  void removeInformerStopsItsInformerAndItsWatch() {
    fixture.pod("a", "x", "node-1", Map.of());
    map = fixture.map("");
    map.start();
    MapEntry<SimObject> pods = map.get(PODS, DYNAMIC, WAIT).entry();
    map.get(NODES, DYNAMIC, WAIT);
    await().until(() -> fixture.api.openWatchCount() == 2);

    map.removeInformer(PODS, DYNAMIC);

    assertThat(pods.informer().stopped()).succeedsWithin(WAIT);
    assertThat(pods.informer().state()).isEqualTo(InformerState.STOPPED);
    await().until(() -> fixture.api.openWatchCount() == 1);
    assertThat(map.find(PODS, DYNAMIC)).isEmpty();
    assertThat(map.find(NODES, DYNAMIC)).isPresent();
  }
}
