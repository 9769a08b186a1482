package io.informer4j.source;

/**
 * A failed list or watch. Subclasses say what kind of failure it was, which decides what the
 * informer does next; a plain {@code SourceException} is an error of no known kind (for example a
 * 400 or 401) and makes the informer back off and relist.
 *
 * <p>Its message and cause pass through {@link Redaction}: a credential in what a backend or its
 * client said (a URL's password, a token) never reaches a log line or a status.
 *
 * <p>Unchecked, so asynchronous backends can pass it through callbacks.
 */
public class SourceException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int statusCode;

  /**
   * @param message    what failed, naming the type or request
   * @param statusCode the HTTP (or equivalent) status, 0 when there is none
   * @param cause      the underlying error, may be null
   */
  public SourceException(String message, int statusCode, Throwable cause) {
    super(Redaction.redact(message), Redaction.redact(cause));
    this.statusCode = statusCode;
  }

  /** Creates an error with no status code and no cause. */
  public SourceException(String message) {
    this(message, 0, null);
  }

  /** Returns the HTTP (or equivalent) status code, or 0 when there is none. */
  public int statusCode() {
    return statusCode;
  }
}
