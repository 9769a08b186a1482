package io.informer4j.manager;

/**
 * A {@link Manager} stopped because of a fatal failure (an informer that gave up for good, a
 * controller that could not start, a component that failed); the cause is the first one.
 */
public final class ManagerFailedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  ManagerFailedException(Throwable cause) {
    super("the manager stopped after a failure: " + cause.getMessage(), cause);
  }
}
