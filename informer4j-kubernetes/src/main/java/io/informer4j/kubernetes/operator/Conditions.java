package io.informer4j.kubernetes.operator;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Status conditions as the Kubernetes API conventions shape them ({@code metav1.Condition}): one
 * condition per type, each with {@code status} ({@code True}, {@code False} or {@code Unknown}),
 * {@code reason}, {@code message}, the {@code observedGeneration} it was computed from, and a
 * {@code lastTransitionTime} that moves only when the status changes (as apimachinery's
 * {@code meta.SetStatusCondition}). Setting a condition equal to the one there changes nothing, so a
 * status built with it is written only when something changed. Stateless.
 */
public final class Conditions {

  private Conditions() {
  }

  /**
   * Returns {@code conditions} with the condition of {@code type} set (replacing the one there, in
   * its place, or added at the end); its {@code lastTransitionTime} is the previous one's when the
   * status is the same, else {@code now} (to the second). {@code conditions} is not changed; null is
   * an empty list.
   *
   * @throws IllegalArgumentException if the type or reason is blank, or the status is not True, False or Unknown
   */
  public static List<Condition> set(List<Condition> conditions, String type, String status, String reason,
                                    String message, long observedGeneration, Instant now) {
    if (type == null || type.isBlank() || reason == null || reason.isBlank()) {
      throw new IllegalArgumentException("a condition needs a type and a reason: " + type + ", " + reason);
    }
    if (!List.of("True", "False", "Unknown").contains(status)) {
      throw new IllegalArgumentException("a condition's status is True, False or Unknown, not " + status);
    }
    List<Condition> result = new ArrayList<>(conditions == null ? List.of() : conditions);
    Optional<Condition> previous = find(result, type);
    String transitioned = previous.filter(c -> status.equals(c.getStatus())).map(Condition::getLastTransitionTime)
        .orElse(now.truncatedTo(ChronoUnit.SECONDS).toString());
    Condition condition = new ConditionBuilder().withType(type).withStatus(status).withReason(reason)
        .withMessage(Objects.requireNonNullElse(message, "")).withObservedGeneration(observedGeneration)
        .withLastTransitionTime(transitioned).build();
    int at = previous.map(result::indexOf).orElse(-1);
    if (at >= 0) {
      result.set(at, condition);
    } else {
      result.add(condition);
    }
    return result;
  }

  /** Returns the condition of {@code type}, if {@code conditions} (null: none) has one. */
  public static Optional<Condition> find(List<Condition> conditions, String type) {
    return conditions == null ? Optional.empty()
        : conditions.stream().filter(c -> type.equals(c.getType())).findFirst();
  }

  /** Returns true when the condition of {@code type} is {@code True}. */
  public static boolean isTrue(List<Condition> conditions, String type) {
    return find(conditions, type).map(c -> "True".equals(c.getStatus())).orElse(false);
  }
}
