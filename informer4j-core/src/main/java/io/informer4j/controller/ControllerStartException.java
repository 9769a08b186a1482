package io.informer4j.controller;

/**
 * Thrown by {@link Controller#start()} when the controller cannot start: a sync signal failed or did
 * not complete within the sync timeout (the message names which), or the wait was interrupted.
 * The controller is then {@link ControllerState#FAILED} and its workers never started.
 */
public final class ControllerStartException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * @param message what did not sync, naming the controller and the signals
   * @param cause   the signal's failure, or null
   */
  public ControllerStartException(String message, Throwable cause) {
    super(message, cause);
  }
}
