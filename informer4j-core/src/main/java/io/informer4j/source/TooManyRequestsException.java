package io.informer4j.source;

import java.time.Duration;

/** The server throttled the request (429). The informer backs off, at least {@link #retryAfter()}. */
public class TooManyRequestsException extends SourceException {
  private static final long serialVersionUID = 1L;

  private final Duration retryAfter;

  /**
   * @param message    what was throttled
   * @param retryAfter the server's Retry-After, or null when none was given
   */
  public TooManyRequestsException(String message, Duration retryAfter) {
    super(message, 429, null);
    this.retryAfter = retryAfter;
  }

  /** Returns the server's Retry-After, or null when it gave none. */
  public Duration retryAfter() {
    return retryAfter;
  }
}
