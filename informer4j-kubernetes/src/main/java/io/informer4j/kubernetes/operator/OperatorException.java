package io.informer4j.kubernetes.operator;

/**
 * The base of the operator helpers' typed errors: every one names the object (type and key) and
 * what was refused or went wrong.
 */
public class OperatorException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** @param message what went wrong, naming the object */
  public OperatorException(String message) {
    super(message);
  }

  /**
   * @param message what went wrong, naming the object
   * @param cause   the underlying failure
   */
  public OperatorException(String message, Throwable cause) {
    super(message, cause);
  }
}
