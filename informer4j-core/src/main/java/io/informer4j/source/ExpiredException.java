package io.informer4j.source;

/**
 * The requested resourceVersion or continue token is too old: the server compacted its history
 * (Kubernetes 410 Gone / Expired, etcd compaction). The informer relists.
 */
public class ExpiredException extends SourceException {
  private static final long serialVersionUID = 1L;

  /** @param message what expired, for example the resourceVersion */
  public ExpiredException(String message) {
    super(message, 410, null);
  }

  /** @param message what expired; @param cause the backend's error */
  public ExpiredException(String message, Throwable cause) {
    super(message, 410, cause);
  }
}
