package io.informer4j.testkit;

import static io.informer4j.testkit.Listing.NODES;
import static io.informer4j.testkit.Listing.PODS;
import static io.informer4j.testkit.Listing.list;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.meta.Scope;
import io.informer4j.source.ListRequest;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.ResourceVersionMatch;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchEvent;
import io.informer4j.source.WatchEventType;
import io.informer4j.source.WatchRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The history window: what watches, exact lists and compaction can still reach. */
class HistoryCompactionTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private static RecordingWatchListener<SimObject> watchFrom(ListerWatcher<SimObject> lw, String version) {
    RecordingWatchListener<SimObject> listener = new RecordingWatchListener<>();
    lw.watch(WatchRequest.from(Selection.all(), version), listener);
    return listener;
  }

  private static boolean expired(RecordingWatchListener<SimObject> listener) {
    await().atMost(WAIT).until(() -> !listener.events().isEmpty());
    return listener.events().get(0).type() == WatchEventType.ERROR;
  }

  @Test
  void theWindowKeepsTheLastWritesOfAllTypesAndExpiresWatchesBeforeIt() {
    try (SimulatedApi api = SimulatedApi.builder().historyLimit(5).type(PODS, Scope.NAMESPACED).type(NODES, Scope.CLUSTER).build()) {
      for (int i = 0; i < 6; i++) {
        api.create(PODS, SimObject.of("ns", "pod-" + i));
      }
      for (int i = 0; i < 4; i++) {
        api.create(NODES, SimObject.of("", "node-" + i));
      }

      assertThat(api.currentResourceVersion()).isEqualTo("11");
      assertThat(api.compactedResourceVersion()).isEqualTo("6");
      RecordingWatchListener<SimObject> fromSix = watchFrom(api.listerWatcher(PODS), "6");
      api.create(PODS, SimObject.of("ns", "live"));
      await().atMost(WAIT).until(() -> fromSix.objectEvents().size() == 2);
      assertThat(WatchSemanticsTest.describe(fromSix.events())).containsExactly("ADDED ns/pod-5@7", "ADDED ns/live@12");
      assertThat(expired(watchFrom(api.listerWatcher(PODS), "5"))).isTrue();
    }
  }

  @Test
  void compactDropsEverythingBeforeNow() {
    try (SimulatedApi api = SimulatedApi.builder().type(PODS, Scope.NAMESPACED).build()) {
      api.create(PODS, SimObject.of("ns", "a"));
      api.create(PODS, SimObject.of("ns", "b"));

      api.compact();

      assertThat(api.compactedResourceVersion()).isEqualTo(api.currentResourceVersion()).isEqualTo("3");
      assertThat(expired(watchFrom(api.listerWatcher(PODS), "2"))).isTrue();
      RecordingWatchListener<SimObject> fromNow = watchFrom(api.listerWatcher(PODS), "3");
      api.delete(PODS, "ns", "a");
      assertThat(expired(fromNow)).isFalse();
      assertThat(list(api.listerWatcher(PODS), ListRequest.of(Selection.all(), "3").withMatch(ResourceVersionMatch.EXACT)).keys())
          .containsExactly("ns/a", "ns/b");
    }
  }

  /**
   * Random writes under a small window: every revision still in the window lists exactly the state
   * it had, and replaying the window from its start onto that state gives the current truth.
   */
  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void everyRevisionInTheWindowReadsTheStateItHadAndReplaysToTheTruth(long seed) {
    Random random = new Random(seed);
    try (SimulatedApi api = SimulatedApi.builder().historyLimit(40).type(PODS, Scope.NAMESPACED).build()) {
      Map<Long, Map<String, SimObject>> stateAt = new HashMap<>();
      for (int i = 0; i < 300; i++) {
        writeRandomly(api, random);
        stateAt.put(Long.parseLong(api.currentResourceVersion()), api.snapshot(PODS));
      }
      ListerWatcher<SimObject> pods = api.listerWatcher(PODS);
      long compacted = Long.parseLong(api.compactedResourceVersion());
      long current = Long.parseLong(api.currentResourceVersion());
      assertThat(current - compacted).as("seed %d", seed).isEqualTo(40);

      for (long revision = compacted; revision <= current; revision++) {
        ListRequest exact = ListRequest.of(Selection.all(), Long.toString(revision)).withMatch(ResourceVersionMatch.EXACT).withLimit(7);
        List<SimObject> items = new ArrayList<>();
        ListRequest request = exact;
        while (request != null) {
          Listing page = list(pods, request);
          items.addAll(page.items());
          request = page.page().hasMore() ? exact.continueWith(page.page().continueToken()) : null;
        }
        assertThat(items).as("seed %d, revision %d", seed, revision).containsExactlyElementsOf(stateAt.get(revision).values());
      }

      RecordingWatchListener<SimObject> replay = watchFrom(pods, Long.toString(compacted));
      await().atMost(WAIT).until(() -> replay.events().size() == 40);
      Map<String, SimObject> rebuilt = new TreeMap<>(stateAt.get(compacted));
      for (WatchEvent<SimObject> event : replay.events()) {
        if (event.type() == WatchEventType.DELETED) {
          rebuilt.remove(event.object().key());
        } else {
          rebuilt.put(event.object().key(), event.object());
        }
      }
      assertThat(rebuilt).as("seed %d", seed).isEqualTo(api.snapshot(PODS));
    }
  }

  private static void writeRandomly(SimulatedApi api, Random random) {
    String namespace = "ns-" + random.nextInt(3);
    String name = "pod-" + random.nextInt(6);
    boolean exists = api.get(PODS, namespace, name).isPresent();
    if (exists && random.nextInt(3) == 0) {
      api.delete(PODS, namespace, name);
    } else {
      api.upsert(PODS, SimObject.of(namespace, name).withLabel("step", Integer.toString(random.nextInt(1_000_000))));
    }
  }
}
