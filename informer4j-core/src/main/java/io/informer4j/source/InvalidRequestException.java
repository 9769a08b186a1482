package io.informer4j.source;

/**
 * The server rejected the request as invalid (400 or 422): for example {@code sendInitialEvents} on
 * a server without watch-list support, or a selector on a field it cannot filter. A watch-list
 * rejected this way makes the informer fall back to listing.
 */
public class InvalidRequestException extends SourceException {
  private static final long serialVersionUID = 1L;

  /** @param message what was invalid; @param statusCode 400 or 422 */
  public InvalidRequestException(String message, int statusCode) {
    super(message, statusCode, null);
  }
}
