package io.informer4j.meta;

/** Operators of a label selector requirement, with their Kubernetes text forms. */
public enum LabelOperator {
  /** {@code key=value}: the label exists with that value. */
  EQUALS("="),
  /** {@code key==value}: same as {@link #EQUALS}. */
  DOUBLE_EQUALS("=="),
  /** {@code key!=value}: the label is absent or has another value. */
  NOT_EQUALS("!="),
  /** {@code key in (a,b)}: the label exists with one of the values. */
  IN("in"),
  /** {@code key notin (a,b)}: the label is absent or has none of the values. */
  NOT_IN("notin"),
  /** {@code key}: the label exists. */
  EXISTS(""),
  /** {@code !key}: the label does not exist. */
  DOES_NOT_EXIST("!"),
  /** {@code key>5}: the label exists and its integer value is greater. */
  GREATER_THAN(">"),
  /** {@code key<5}: the label exists and its integer value is smaller. */
  LESS_THAN("<");

  private final String symbol;

  LabelOperator(String symbol) {
    this.symbol = symbol;
  }

  /** Returns the operator as written in selector text. */
  public String symbol() {
    return symbol;
  }
}
