package io.informer4j.testkit;

/**
 * A write to the {@link SimulatedApi} was refused, as the Kubernetes API server refuses it: the
 * object already exists, does not exist, or was changed since the version the writer read.
 */
public class WriteRejectedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Why a write was refused, with the HTTP status Kubernetes answers. */
  public enum Reason {
    /** Create of an object that exists (409 AlreadyExists). */
    ALREADY_EXISTS(409),
    /** Update or delete of an object that does not exist (404 NotFound). */
    NOT_FOUND(404),
    /** Update whose resourceVersion precondition is not the stored version (409 Conflict). */
    CONFLICT(409);

    private final int statusCode;

    Reason(int statusCode) {
      this.statusCode = statusCode;
    }

    /** Returns the HTTP status Kubernetes answers with. */
    public int statusCode() {
      return statusCode;
    }
  }

  private final Reason reason;

  /** @param message what was refused, naming the type and key; @param reason why */
  public WriteRejectedException(String message, Reason reason) {
    super(message);
    this.reason = reason;
  }

  /** Returns why the write was refused. */
  public Reason reason() {
    return reason;
  }
}
