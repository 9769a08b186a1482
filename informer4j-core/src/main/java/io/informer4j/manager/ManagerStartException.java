package io.informer4j.manager;

/** A {@link Manager} could not start: a component failed. The manager has been stopped. */
public final class ManagerStartException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  ManagerStartException(String message, Throwable cause) {
    super(message, cause);
  }
}
