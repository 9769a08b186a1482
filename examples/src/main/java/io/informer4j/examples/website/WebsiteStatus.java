package io.informer4j.examples.website;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What the operator reports of a {@link Website}: its conditions, as the Kubernetes API conventions shape them. */
public class WebsiteStatus {

  /** The condition type that is True when the website's children match its spec of {@code observedGeneration}. */
  public static final String READY = "Ready";

  private List<Condition> conditions = new ArrayList<>();

  /** Returns the conditions (never null). */
  public List<Condition> getConditions() {
    return conditions;
  }

  /** Sets the conditions. */
  public void setConditions(List<Condition> conditions) {
    this.conditions = conditions == null ? new ArrayList<>() : new ArrayList<>(conditions);
  }

  /** Returns the condition of {@code type}, if set. */
  public Optional<Condition> condition(String type) {
    return conditions.stream().filter(c -> type.equals(c.getType())).findFirst();
  }

  /**
   * Sets the condition of {@code type}, replacing the one there; its {@code lastTransitionTime} is
   * {@code now} (to the second) when the status changes, else the previous one's, so setting the
   * same condition again changes nothing.
   */
  public void setCondition(String type, boolean status, String reason, String message, long observedGeneration,
                           Instant now) {
    String value = status ? "True" : "False";
    String transitioned = condition(type).filter(c -> value.equals(c.getStatus())).map(Condition::getLastTransitionTime)
        .orElse(now.truncatedTo(ChronoUnit.SECONDS).toString());
    conditions.removeIf(c -> type.equals(c.getType()));
    conditions.add(new ConditionBuilder().withType(type).withStatus(value).withReason(reason).withMessage(message)
        .withObservedGeneration(observedGeneration).withLastTransitionTime(transitioned).build());
  }
}
