package io.informer4j.source;

/** The credentials may not list or watch this type (403). Retried with backoff; shown in status. */
public class ForbiddenException extends SourceException {
  private static final long serialVersionUID = 1L;

  /** @param message what was forbidden, naming the type and namespace */
  public ForbiddenException(String message) {
    super(message, 403, null);
  }

  /** @param message what was forbidden; @param cause the backend's error */
  public ForbiddenException(String message, Throwable cause) {
    super(message, 403, cause);
  }
}
