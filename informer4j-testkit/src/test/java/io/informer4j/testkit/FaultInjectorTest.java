package io.informer4j.testkit;

import static io.informer4j.testkit.Listing.NODES;
import static io.informer4j.testkit.Listing.PODS;
import static io.informer4j.testkit.Listing.listAll;
import static io.informer4j.testkit.WatchSemanticsTest.describe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.meta.Scope;
import io.informer4j.source.ExpiredException;
import io.informer4j.source.ForbiddenException;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Selection;
import io.informer4j.source.TooManyRequestsException;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.TransientSourceException.Reason;
import io.informer4j.source.WatchRequest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FaultInjectorTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private final SimulatedApi api = SimulatedApi.builder().bookmarkInterval(Duration.ZERO)
      .type(PODS, Scope.NAMESPACED).type(NODES, Scope.CLUSTER).build();
  private final ListerWatcher<SimObject> pods = api.listerWatcher(PODS);
  private final ListerWatcher<SimObject> nodes = api.listerWatcher(NODES);

  @AfterEach
  void close() {
    api.close();
  }

  private RecordingWatchListener<SimObject> watch(ListerWatcher<SimObject> lw) {
    RecordingWatchListener<SimObject> listener = new RecordingWatchListener<>();
    lw.watch(WatchRequest.from(Selection.all(), api.currentResourceVersion()), listener);
    return listener;
  }

  private static TransientSourceException transientError(Reason reason) {
    return new TransientSourceException("injected", reason, reason == Reason.INTERNAL_ERROR ? 500 : 0, null);
  }

  @Test
  void scriptedListFailuresAreConsumedInOrderAndOnlyByMatchingRequests() {
    api.faults()
        .failNextLists(2, () -> new TooManyRequestsException("slow down", Duration.ofSeconds(3)))
        .failNextLists(NODES, 1, () -> new ForbiddenException("nodes are off limits"))
        .failNextLists(1, () -> transientError(Reason.INTERNAL_ERROR));

    assertThatThrownBy(() -> listAll(nodes))
        .isInstanceOfSatisfying(TooManyRequestsException.class, e -> assertThat(e.retryAfter()).hasSeconds(3));
    assertThatThrownBy(() -> listAll(pods)).isInstanceOf(TooManyRequestsException.class);
    assertThatThrownBy(() -> listAll(pods))
        .isInstanceOfSatisfying(TransientSourceException.class, e -> assertThat(e.statusCode()).isEqualTo(500));
    assertThatThrownBy(() -> listAll(nodes)).isInstanceOfSatisfying(ForbiddenException.class,
        e -> assertThat(e.statusCode()).isEqualTo(403));
    assertThat(listAll(pods).items()).isEmpty();
    assertThat(watch(pods).contractViolations()).isEmpty();
  }

  @Test
  void watchFailuresHitWatchesOnlyAndRequestFailuresHitBoth() {
    api.faults().failNextWatches(1, () -> transientError(Reason.UNAVAILABLE)).failNextRequests(2, () -> new ForbiddenException("no"));

    assertThatThrownBy(() -> listAll(pods)).isInstanceOf(ForbiddenException.class);
    assertThatThrownBy(() -> watch(pods)).isInstanceOfSatisfying(TransientSourceException.class,
        e -> assertThat(e.reason()).isEqualTo(Reason.UNAVAILABLE));
    assertThatThrownBy(() -> watch(pods)).isInstanceOf(ForbiddenException.class);
    assertThat(api.openWatchCount()).isZero();
    assertThat(listAll(pods).items()).isEmpty();
    watch(pods);
    assertThat(api.openWatchCount()).isOne();
  }

  @Test
  void refusedConnectionsFailEveryRequestUntilAcceptedAgainAndAreStillRecorded() {
    api.faults().refuseConnections();

    assertThatThrownBy(() -> listAll(pods)).isInstanceOfSatisfying(TransientSourceException.class,
        e -> assertThat(e.reason()).isEqualTo(Reason.CONNECTION_REFUSED));
    assertThatThrownBy(() -> watch(pods)).isInstanceOfSatisfying(TransientSourceException.class,
        e -> assertThat(e.reason()).isEqualTo(Reason.CONNECTION_REFUSED));
    assertThat(api.requests()).extracting(RecordedRequest::verb)
        .containsExactly(RecordedRequest.Verb.LIST, RecordedRequest.Verb.WATCH);

    api.faults().acceptConnections();
    assertThat(listAll(pods).items()).isEmpty();
  }

  @Test
  void responseLatencyDelaysTheAnswer() {
    api.faults().responseLatency(Duration.ofMillis(150));

    long started = System.nanoTime();
    listAll(pods);

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(150));
  }

  @Test
  void watchesAreCutAfterKEventsUntilCuttingStops() {
    RecordingWatchListener<SimObject> open = watch(pods);
    api.faults().cutWatchesAfter(3);
    RecordingWatchListener<SimObject> later = watch(pods);
    for (int i = 0; i < 5; i++) {
      api.create(PODS, SimObject.of("ns", "pod-" + i));
    }

    for (RecordingWatchListener<SimObject> listener : List.of(open, later)) {
      await().atMost(WAIT).until(listener::isClosed);
      assertThat(listener.objectEvents()).hasSize(3);
      assertThat(listener.closeError()).isInstanceOfSatisfying(TransientSourceException.class,
          e -> assertThat(e.reason()).isEqualTo(Reason.CONNECTION_LOST));
    }
    api.faults().stopCuttingWatches();
    RecordingWatchListener<SimObject> uncut = watch(pods);
    for (int i = 5; i < 10; i++) {
      api.create(PODS, SimObject.of("ns", "pod-" + i));
    }
    await().atMost(WAIT).until(() -> uncut.objectEvents().size() == 5);
    assertThat(uncut.isClosed()).isFalse();
  }

  @Test
  void allWatchesCanBeClosedCleanlyOrDropped() {
    RecordingWatchListener<SimObject> first = watch(pods);
    RecordingWatchListener<SimObject> second = watch(nodes);
    assertThat(api.faults().closeAllWatches()).isEqualTo(2);
    await().atMost(WAIT).until(() -> first.isClosed() && second.isClosed());
    assertThat(first.closeError()).isNull();

    RecordingWatchListener<SimObject> third = watch(pods);
    assertThat(api.faults().dropAllWatches()).isEqualTo(1);
    await().atMost(WAIT).until(third::isClosed);
    assertThat(third.closeError()).isInstanceOfSatisfying(TransientSourceException.class,
        e -> assertThat(e.reason()).isEqualTo(Reason.CONNECTION_LOST));
    assertThat(api.openWatchCount()).isZero();
  }

  @Test
  void anInjectedErrorReachesTheWatchesOfItsTypeAsAnErrorEventThenACleanClose() {
    RecordingWatchListener<SimObject> podWatch = watch(pods);
    RecordingWatchListener<SimObject> nodeWatch = watch(nodes);
    api.create(PODS, SimObject.of("ns", "before"));

    assertThat(api.faults().injectError(PODS, new ExpiredException("injected 410"))).isEqualTo(1);

    await().atMost(WAIT).until(podWatch::isClosed);
    assertThat(describe(podWatch.events())).containsExactly("ADDED ns/before@2", "ERROR ExpiredException");
    assertThat(podWatch.closeError()).isNull();
    assertThat(nodeWatch.isClosed()).isFalse();
  }

  @Test
  void malformedEventsAreDeliveredAndTheWatchGoesOn() {
    RecordingWatchListener<SimObject> listener = watch(pods);

    assertThat(api.faults().deliverNamelessObject(PODS)).isEqualTo(1);
    assertThat(api.faults().deliverUndecodableEvent(PODS)).isEqualTo(1);
    api.create(PODS, SimObject.of("ns", "fine"));

    await().atMost(WAIT).until(() -> listener.objectEvents().size() == 2);
    assertThat(listener.objectEvents().get(0).object().name()).isEmpty();
    assertThat(listener.malformed()).hasSize(1);
    assertThat(listener.objectEvents().get(1).object().name()).isEqualTo("fine");
  }

  @Test
  void aRestartDropsWatchesAndKeepsVersionsSoWatchesResumeFromTheLastVersionSeen() {
    RecordingWatchListener<SimObject> listener = watch(pods);
    SimObject a = api.create(PODS, SimObject.of("ns", "a"));
    await().atMost(WAIT).until(() -> listener.objectEvents().size() == 1);

    assertThat(api.faults().restart()).isEqualTo(1);
    api.create(PODS, SimObject.of("ns", "b"));

    await().atMost(WAIT).until(listener::isClosed);
    assertThat(listener.closeError()).isInstanceOfSatisfying(TransientSourceException.class,
        e -> assertThat(e.reason()).isEqualTo(Reason.CONNECTION_LOST));
    RecordingWatchListener<SimObject> resumed = new RecordingWatchListener<>();
    pods.watch(WatchRequest.from(Selection.all(), a.resourceVersion()), resumed);
    await().atMost(WAIT).until(() -> resumed.objectEvents().size() == 1);
    assertThat(describe(resumed.events())).containsExactly("ADDED ns/b@3");
  }

  @Test
  void aRestartWithAFreshWatchCacheExpiresOlderVersions() {
    SimObject a = api.create(PODS, SimObject.of("ns", "a"));
    api.create(PODS, SimObject.of("ns", "b"));

    api.faults().restart(true);

    RecordingWatchListener<SimObject> resumed = new RecordingWatchListener<>();
    pods.watch(WatchRequest.from(Selection.all(), a.resourceVersion()), resumed);
    await().atMost(WAIT).until(resumed::isClosed);
    assertThat(describe(resumed.events())).containsExactly("ERROR ExpiredException");
    assertThat(listAll(pods).keys()).containsExactly("ns/a", "ns/b");
  }

  @Test
  void clearRemovesEveryStandingFault() {
    api.faults().refuseConnections().responseLatency(Duration.ofSeconds(30)).eventLatency(Duration.ofSeconds(30))
        .cutWatchesAfter(1).failNextRequests(5, () -> new ForbiddenException("no"));

    api.faults().clear();

    RecordingWatchListener<SimObject> listener = watch(pods);
    api.create(PODS, SimObject.of("ns", "a"));
    api.create(PODS, SimObject.of("ns", "b"));
    await().atMost(WAIT).until(() -> listener.objectEvents().size() == 2);
    assertThat(listener.isClosed()).isFalse();
    assertThat(listAll(pods).items()).hasSize(2);
  }
}
