package io.informer4j.kubernetes.operator;

/**
 * A write kept conflicting: every attempt, each after re-reading the object, was answered 409. The
 * last conflict is the cause. Another writer changes the object faster than this one can; a later
 * reconcile (with backoff) may succeed.
 */
public class ConflictRetriesExhaustedException extends OperatorException {

  private static final long serialVersionUID = 1L;

  private final int attempts;

  /**
   * @param what     the write, naming the object
   * @param attempts how many attempts were made
   * @param last     the last conflict
   */
  public ConflictRetriesExhaustedException(String what, int attempts, WriteConflictException last) {
    super(what + " conflicted " + attempts + " times in a row; gave up: " + last.getMessage(), last);
    this.attempts = attempts;
  }

  /** Returns how many attempts were made. */
  public int attempts() {
    return attempts;
  }
}
