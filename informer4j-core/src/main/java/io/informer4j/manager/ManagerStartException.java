package io.informer4j.manager;

/**
 * A {@link Manager} could not start: a component failed, or (as {@link BackendContactException}) its
 * backend could not be contacted as it must. The manager has been stopped.
 */
public sealed class ManagerStartException extends RuntimeException permits BackendContactException {
  private static final long serialVersionUID = 1L;

  ManagerStartException(String message, Throwable cause) {
    super(message, cause);
  }
}
