package io.informer4j.source;

/**
 * A failure expected to pass: the server could not be reached, dropped the connection, timed out
 * or answered 5xx. Never a reason to consider a type missing.
 */
public class TransientSourceException extends SourceException {
  private static final long serialVersionUID = 1L;

  /** What kind of transient failure. */
  public enum Reason {
    /** Nothing accepted the connection; the informer re-watches without relisting. */
    CONNECTION_REFUSED,
    /** An established connection broke. */
    CONNECTION_LOST,
    /**
     * The stream carried bytes that are not a valid event (for example an event cut short and
     * followed by the next one); the informer counts it as an error and re-opens the watch from the
     * last event it applied.
     */
    CORRUPT_STREAM,
    /**
     * Nothing arrived for longer than allowed: a watch with no event or bookmark, a list with no
     * item; the connection is presumed dead.
     */
    IDLE,
    /** The request timed out. */
    TIMEOUT,
    /** The server answered with an internal error (500). */
    INTERNAL_ERROR,
    /** The server is unavailable (502, 503, or 504 other than too-large-resourceVersion). */
    UNAVAILABLE
  }

  private final Reason reason;

  /**
   * @param message    what failed
   * @param reason     the kind of failure
   * @param statusCode the HTTP status, 0 when there is none
   * @param cause      the underlying error, may be null
   */
  public TransientSourceException(String message, Reason reason, int statusCode, Throwable cause) {
    super(message, statusCode, cause);
    this.reason = java.util.Objects.requireNonNull(reason, "reason");
  }

  /** Creates a failure with no status code and no cause. */
  public TransientSourceException(String message, Reason reason) {
    this(message, reason, 0, null);
  }

  /** Returns the kind of failure. */
  public Reason reason() {
    return reason;
  }
}
