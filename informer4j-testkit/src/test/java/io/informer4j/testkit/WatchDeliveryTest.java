package io.informer4j.testkit;

import static io.informer4j.testkit.Listing.PODS;
import static io.informer4j.testkit.WatchSemanticsTest.describe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.meta.Scope;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Selection;
import io.informer4j.source.TransientSourceException;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchHandle;
import io.informer4j.source.WatchRequest;
import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** How watch events are delivered: asynchronously, in order, never concurrently, on the API's threads. */
class WatchDeliveryTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private static RecordingWatchListener<SimObject> watch(ListerWatcher<SimObject> lw, WatchRequest request) {
    RecordingWatchListener<SimObject> listener = new RecordingWatchListener<>();
    lw.watch(request, listener);
    return listener;
  }

  private static Set<Thread> apiThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> thread.getName().startsWith("informer4j-simulated-api-")).collect(Collectors.toSet());
  }

  @Test
  void concurrentWritersAreSeenByEveryWatchInRevisionOrderAndNeverConcurrently() throws Exception {
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build()) {
      List<RecordingWatchListener<SimObject>> listeners = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        listeners.add(watch(api.listerWatcher(PODS), WatchRequest.from(Selection.all(), "1")));
      }
      ExecutorService writers = Executors.newFixedThreadPool(4);
      for (int w = 0; w < 4; w++) {
        int writer = w;
        writers.execute(() -> {
          for (int i = 0; i < 250; i++) {
            api.create(PODS, SimObject.of("ns-" + writer, "pod-" + i));
          }
        });
      }
      writers.shutdown();
      assertThat(writers.awaitTermination(10, TimeUnit.SECONDS)).isTrue();

      for (RecordingWatchListener<SimObject> listener : listeners) {
        await().atMost(WAIT).until(() -> listener.objectEvents().size() == 1000);
        List<Long> versions = listener.objectEvents().stream().map(e -> Long.parseLong(e.object().resourceVersion())).toList();
        assertThat(versions).isSorted().doesNotHaveDuplicates().hasSize(1000);
        assertThat(listener.contractViolations()).isEmpty();
      }
    }
  }

  @Test
  void closingTheHandleStopsDeliveryAndUnregistersTheWatch() {
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build()) {
      RecordingWatchListener<SimObject> closed = new RecordingWatchListener<>();
      WatchHandle handle = api.listerWatcher(PODS).watch(WatchRequest.from(Selection.all(), "1"), closed);
      api.create(PODS, SimObject.of("ns", "a"));
      await().atMost(WAIT).until(() -> closed.objectEvents().size() == 1);
      assertThat(api.openWatchCount()).isEqualTo(1);

      handle.close();
      handle.close();
      assertThat(api.openWatchCount()).isZero();
      api.create(PODS, SimObject.of("ns", "b"));
      RecordingWatchListener<SimObject> witness = watch(api.listerWatcher(PODS), WatchRequest.from(Selection.all(), "1"));
      await().atMost(WAIT).until(() -> witness.objectEvents().size() == 2);

      assertThat(describe(closed.events())).containsExactly("ADDED ns/a@2");
      assertThat(closed.isClosed()).as("no onClose after the client closed").isFalse();
    }
  }

  @Test
  void aBlockedListenerDoesNotStopOtherWatches() throws Exception {
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build()) {
      CountDownLatch release = new CountDownLatch(1);
      RecordingWatchListener<SimObject> blockedRecord = new RecordingWatchListener<>();
      api.listerWatcher(PODS).watch(WatchRequest.from(Selection.all(), "1"), new io.informer4j.source.WatchListener<>() {
        @Override
        public void onEvent(WatchEvent<SimObject> event) {
          blockedRecord.onEvent(event);
          awaitQuietly(release);
        }

        @Override
        public void onClose(io.informer4j.source.SourceException error) {
          blockedRecord.onClose(error);
        }
      });
      RecordingWatchListener<SimObject> free = watch(api.listerWatcher(PODS), WatchRequest.from(Selection.all(), "1"));

      for (int i = 0; i < 300; i++) {
        api.create(PODS, SimObject.of("ns", "pod-" + i));
      }

      await().atMost(WAIT).until(() -> free.objectEvents().size() == 300);
      assertThat(blockedRecord.objectEvents()).hasSize(1);
      release.countDown();
      await().atMost(WAIT).until(() -> blockedRecord.objectEvents().size() == 300);
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void closingTheApiBreaksTheWatchesAndLeavesNoThread() {
    Set<Thread> before = apiThreads();
    SimulatedApi api = SimulatedApi.builder().deliveryThreads(3).type(PODS, Scope.NAMESPACED).build();
    List<RecordingWatchListener<SimObject>> listeners = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      listeners.add(watch(api.listerWatcher(PODS), WatchRequest.from(Selection.all(), "1")));
    }
    for (int i = 0; i < 100; i++) {
      api.create(PODS, SimObject.of("ns", "pod-" + i));
    }
    await().atMost(WAIT).until(() -> listeners.stream().allMatch(l -> l.objectEvents().size() == 100));
    Set<Thread> ours = apiThreads();
    ours.removeAll(before);
    assertThat(ours).isNotEmpty().hasSizeLessThanOrEqualTo(3);

    api.close();

    await().atMost(WAIT).until(() -> ours.stream().noneMatch(Thread::isAlive));
    assertThat(listeners).allSatisfy(listener -> assertThat(listener.closeError())
        .isInstanceOfSatisfying(TransientSourceException.class,
            e -> assertThat(e.reason()).isEqualTo(TransientSourceException.Reason.CONNECTION_LOST)));
    assertThat(ours).allSatisfy(thread -> assertThat(thread.isDaemon()).isTrue());
  }

  @Test
  void bookmarksComeEveryIntervalWithTheCurrentVersionOnlyToWatchesThatAllowThem() {
    ManualClock clock = new ManualClock();
    try (SimulatedApi api = SimulatedApi.builder().timers(clock, clock).bookmarkInterval(Duration.ofSeconds(10))
        .type(PODS, Scope.NAMESPACED).build()) {
      RecordingWatchListener<SimObject> withBookmarks = watch(api.listerWatcher(PODS), WatchRequest.from(Selection.all(), "1"));
      RecordingWatchListener<SimObject> without = watch(api.listerWatcher(PODS),
          WatchRequest.from(Selection.all(), "1").withBookmarks(false));

      clock.advance(Duration.ofSeconds(10));
      api.create(PODS, SimObject.of("ns", "a"));
      clock.advance(Duration.ofSeconds(9));
      api.create(PODS, SimObject.of("ns", "b"));
      clock.advance(Duration.ofSeconds(1));

      await().atMost(WAIT).until(() -> withBookmarks.events().size() == 4);
      assertThat(describe(withBookmarks.events())).containsExactly("BOOKMARK 1", "ADDED ns/a@2", "ADDED ns/b@3", "BOOKMARK 3");
      await().atMost(WAIT).until(() -> without.events().size() == 2);
      assertThat(without.eventsOfType(WatchEventType.BOOKMARK)).isEmpty();
    }
  }

  @Test
  void theRequestTimeoutClosesTheWatchCleanly() {
    ManualClock clock = new ManualClock();
    try (SimulatedApi api = SimulatedApi.builder().timers(clock, clock).type(PODS, Scope.NAMESPACED).build()) {
      RecordingWatchListener<SimObject> listener = watch(api.listerWatcher(PODS),
          WatchRequest.from(Selection.all(), "1").withTimeout(Duration.ofSeconds(30)));

      clock.advance(Duration.ofSeconds(29));
      assertThat(api.openWatchCount()).isEqualTo(1);
      clock.advance(Duration.ofSeconds(1));

      await().atMost(WAIT).until(listener::isClosed);
      assertThat(listener.closeError()).isNull();
      assertThat(api.openWatchCount()).isZero();
    }
  }

  @Test
  void eventLatencyHoldsEventsBackInOrder() {
    ManualClock clock = new ManualClock();
    try (SimulatedApi api = SimulatedApi.builder().timers(clock, clock).type(PODS, Scope.NAMESPACED).build()) {
      RecordingWatchListener<SimObject> listener = watch(api.listerWatcher(PODS), WatchRequest.from(Selection.all(), "1"));
      api.faults().eventLatency(Duration.ofSeconds(5));
      api.create(PODS, SimObject.of("ns", "a"));
      clock.advance(Duration.ofSeconds(2));
      api.create(PODS, SimObject.of("ns", "b"));

      clock.advance(Duration.ofSeconds(3));
      await().atMost(WAIT).until(() -> listener.events().size() == 1);
      assertThat(describe(listener.events())).containsExactly("ADDED ns/a@2");

      clock.advance(Duration.ofSeconds(2));
      await().atMost(WAIT).until(() -> listener.events().size() == 2);
      assertThat(describe(listener.events())).containsExactly("ADDED ns/a@2", "ADDED ns/b@3");
    }
  }
}
