package io.informer4j.source;

/**
 * The requested resourceVersion is newer than the server has (Kubernetes 504 "Too large resource
 * version", seen after talking to a newer server and then a lagging one). The informer relists with
 * a consistent read.
 */
public class TooLargeResourceVersionException extends SourceException {
  private static final long serialVersionUID = 1L;

  /** @param message which version was too large */
  public TooLargeResourceVersionException(String message) {
    super(message, 504, null);
  }
}
