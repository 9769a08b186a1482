package io.informer4j.kubernetes.operator;

/** A finalizer name that is not a domain-qualified name such as {@code example.com/cleanup}. */
public class InvalidFinalizerNameException extends OperatorException {

  private static final long serialVersionUID = 1L;

  /** @param message the name and what is wrong with it */
  public InvalidFinalizerNameException(String message) {
    super(message);
  }
}
