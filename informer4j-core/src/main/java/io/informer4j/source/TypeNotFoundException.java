package io.informer4j.source;

/**
 * The server does not serve this type (404 on the resource: for example a CRD that is not
 * installed). The shared informer factory treats the type as missing until it appears.
 */
public class TypeNotFoundException extends SourceException {
  private static final long serialVersionUID = 1L;

  /** @param message which type is not served */
  public TypeNotFoundException(String message) {
    super(message, 404, null);
  }

  /** @param message which type is not served; @param cause the backend's error */
  public TypeNotFoundException(String message, Throwable cause) {
    super(message, 404, cause);
  }
}
