package io.informer4j.fleet;

/** A {@link FleetManager} could not start: its cluster provider failed to. */
public final class FleetStartException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Creates the exception with its cause. */
  public FleetStartException(String message, Throwable cause) {
    super(message, cause);
  }
}
