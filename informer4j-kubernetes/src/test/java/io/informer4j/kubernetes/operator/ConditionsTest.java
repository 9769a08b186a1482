package io.informer4j.kubernetes.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.Condition;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConditionsTest {

  private static final Instant T1 = Instant.parse("2026-03-01T10:00:00.700Z");
  private static final Instant T2 = T1.plusSeconds(60);

  @Test
  void theTransitionTimeMovesOnlyWhenTheStatusChanges() {
    List<Condition> ready = Conditions.set(null, "Ready", "False", "Starting", "2 replicas wanted", 1, T1);
    assertThat(ready).singleElement().satisfies(c -> {
      assertThat(c.getLastTransitionTime()).isEqualTo("2026-03-01T10:00:00Z");
      assertThat(c.getObservedGeneration()).isEqualTo(1L);
    });

    List<Condition> again = Conditions.set(ready, "Ready", "False", "Starting", "2 replicas wanted", 1, T2);
    assertThat(again).as("setting the same condition changes nothing").isEqualTo(ready);

    List<Condition> observed = Conditions.set(ready, "Ready", "False", "Scaling", "3 replicas wanted", 2, T2);
    assertThat(observed.get(0).getLastTransitionTime()).as("same status: the transition stays").isEqualTo("2026-03-01T10:00:00Z");
    assertThat(observed.get(0).getObservedGeneration()).isEqualTo(2L);

    List<Condition> flipped = Conditions.set(observed, "Ready", "True", "Reconciled", "", 2, T2);
    assertThat(flipped.get(0).getLastTransitionTime()).isEqualTo("2026-03-01T10:01:00Z");
    assertThat(Conditions.isTrue(flipped, "Ready")).isTrue();
  }

  @Test
  void eachTypeKeepsItsPlaceAndBadConditionsAreRefused() {
    List<Condition> two = Conditions.set(Conditions.set(List.of(), "Ready", "True", "Ok", "", 1, T1),
        "Degraded", "False", "Ok", "", 1, T1);
    List<Condition> changed = Conditions.set(two, "Ready", "False", "Broken", "", 2, T2);

    assertThat(changed).extracting(Condition::getType).containsExactly("Ready", "Degraded");
    assertThat(two.get(0).getStatus()).as("the input is not changed").isEqualTo("True");
    assertThatThrownBy(() -> Conditions.set(two, "Ready", "yes", "Ok", "", 1, T1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Conditions.set(two, "Ready", "True", " ", "", 1, T1)).isInstanceOf(IllegalArgumentException.class);
  }
}
