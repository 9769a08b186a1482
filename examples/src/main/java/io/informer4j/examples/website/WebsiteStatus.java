package io.informer4j.examples.website;

import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.List;

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
}
