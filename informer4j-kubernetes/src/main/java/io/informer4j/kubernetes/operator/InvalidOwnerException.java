package io.informer4j.kubernetes.operator;

/**
 * An owner reference the API server's garbage collector would not honour: an owner in another
 * namespace than its child, or a namespaced owner of a cluster-scoped child. controller-runtime
 * refuses the same.
 */
public class InvalidOwnerException extends OperatorException {

  private static final long serialVersionUID = 1L;

  /** @param message what is wrong, naming owner and child */
  public InvalidOwnerException(String message) {
    super(message);
  }
}
