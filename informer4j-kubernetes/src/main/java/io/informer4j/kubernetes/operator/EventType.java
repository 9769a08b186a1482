package io.informer4j.kubernetes.operator;

/** The type of a Kubernetes Event, as the API server accepts it. */
public enum EventType {
  /** Something expected happened. */
  NORMAL("Normal"),
  /** Something may need attention. */
  WARNING("Warning");

  private final String value;

  EventType(String value) {
    this.value = value;
  }

  /** Returns the value written into the Event's {@code type}. */
  public String value() {
    return value;
  }
}
