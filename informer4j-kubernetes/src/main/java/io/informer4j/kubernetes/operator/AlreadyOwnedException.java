package io.informer4j.kubernetes.operator;

/**
 * The child already has a controller owner other than the one being set: an object has at most one
 * controller (controller-runtime's {@code AlreadyOwnedError}).
 */
public class AlreadyOwnedException extends OperatorException {

  private static final long serialVersionUID = 1L;

  /** @param message which object, and which controller it has */
  public AlreadyOwnedException(String message) {
    super(message);
  }
}
