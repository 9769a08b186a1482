package io.informer4j.testkit.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.testkit.SimObject;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link Divergence}, {@link HandlerView} and {@link ServerHistory} together. */
class DivergenceTest {

  private final HandlerView<SimObject> handler = new HandlerView<>(SimObject.ADAPTER);
  private final ServerHistory history = new ServerHistory();

  private static SimObject at(String name, long version) {
    return SimObject.of("ns", name).withResourceVersion(Long.toString(version));
  }

  @Test
  void aPictureEqualToTheTruthHasNoDivergence() {
    handler.onAdd(at("a", 1), true);
    Divergence divergence = Divergence.of("view", handler.view(), Map.of("ns/a", "1"), Set.of());
    assertThat(divergence.isEmpty()).isTrue();
    assertThat(divergence).hasToString("view: equal");
  }

  @Test
  void missingExtraAndStaleKeysAreTold() {
    Divergence divergence = Divergence.of("cache", Map.of("ns/a", "1", "ns/b", "2", "ns/gone", "3"),
        Map.of("ns/a", "1", "ns/b", "5", "ns/new", "6"), Set.of());
    assertThat(divergence.missing()).containsExactly("ns/new");
    assertThat(divergence.extra()).containsExactly("ns/gone");
    assertThat(divergence.stale()).containsOnlyKeys("ns/b");
    assertThat(divergence.isEmpty()).isFalse();
    assertThat(divergence.toString()).contains("1 missing [ns/new]", "1 extra (lost deletes) [ns/gone]", "ns/b=2 ≠ 5");
  }

  @Test
  void keysReportedStaleMayHoldAnotherVersionOrBeMissingButNotExtra() {
    Divergence divergence = Divergence.of("cache", Map.of("ns/a", "1", "ns/c", "3"), Map.of("ns/a", "4", "ns/b", "2"),
        Set.of("ns/a", "ns/b", "ns/c"));
    assertThat(divergence.stale()).isEmpty();
    assertThat(divergence.missing()).isEmpty();
    assertThat(divergence.extra()).containsExactly("ns/c");
  }

  @Test
  void aDeleteOfALivingObjectIsInventedUnlessAddedAgainThenItIsSpurious() {
    history.created("ns/a", 1);
    history.created("ns/b", 2);
    handler.onAdd(at("a", 1), false);
    handler.onAdd(at("b", 2), false);
    handler.onDelete(at("a", 1), true);
    handler.onDelete(at("b", 2), true);
    handler.onAdd(at("b", 2), false);
    Map<String, String> truth = Map.of("ns/a", "1", "ns/b", "2");

    Divergence divergence = Divergence.of("view", handler.view(), truth, Set.of())
        .withDeletesOf(handler.log(), truth).withHistoryOf(handler.log(), history);

    assertThat(divergence.missing()).containsExactly("ns/a");
    assertThat(divergence.notifications()).hasSize(2);
    assertThat(divergence.notifications().get(0)).startsWith("invented delete of ns/a at 1");
    assertThat(divergence.notifications().get(1)).startsWith("spurious delete of ns/b at 2");
  }

  @Test
  void deletesExplainedByTheServerPassAndAServerDeleteToldTwiceDoesNot() {
    history.created("ns/a", 1);
    history.updated("ns/a", 2);
    history.deleted("ns/a", 3);
    history.created("ns/a", 4);
    history.deleted("ns/a", 5);
    handler.onAdd(at("a", 1), false);
    handler.onDelete(at("a", 3), false);
    handler.onAdd(at("a", 4), false);
    handler.onDelete(at("a", 4), true);
    handler.onDelete(at("a", 5), false);

    List<String> found = Divergence.of("view", handler.view(), Map.of(), Set.of())
        .withDeletesOf(handler.log(), Map.of()).withHistoryOf(handler.log(), history).notifications();

    assertThat(found).singleElement().asString().startsWith("duplicate delete of ns/a at 5");
  }

  @Test
  void statesNeverWrittenAndStatesGoingBackAreTold() {
    history.created("ns/a", 1);
    history.updated("ns/a", 3);
    handler.onAdd(at("a", 3), false);
    handler.onUpdate(at("a", 3), at("a", 1));
    handler.onUpdate(at("a", 1), at("a", 2));

    List<String> found = Divergence.of("view", handler.view(), Map.of("ns/a", "3"), Set.of())
        .withHistoryOf(handler.log(), history).notifications();

    assertThat(found).containsExactly("UPDATE of ns/a going back from 3 to 1", "UPDATE of ns/a with the invented state 2");
  }

  @Test
  void recoveryTimesSummariseMedianAndMaximum() {
    RecoveryTimes times = new RecoveryTimes("recovery");
    assertThat(times.summary()).isEqualTo("recovery: nothing measured");
    times.add(java.time.Duration.ofMillis(300));
    times.add(java.time.Duration.ofMillis(100));
    times.add(java.time.Duration.ofMillis(200));
    times.add(java.time.Duration.ofMillis(900));
    assertThat(times.summary()).isEqualTo("recovery over 4 runs: median 250 ms, max 900 ms");
    assertThat(times.count()).isEqualTo(4);
  }
}
