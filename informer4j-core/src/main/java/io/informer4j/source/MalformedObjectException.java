package io.informer4j.source;

/**
 * An object or event that cannot be used: undecodable, without a name, of the wrong type. It is
 * reported, logged and counted, and skipped; nothing else is lost.
 */
public class MalformedObjectException extends SourceException {
  private static final long serialVersionUID = 1L;

  private final String objectKey;

  /**
   * @param message   what is wrong with it
   * @param objectKey the object's key or storage key when known, else null
   * @param cause     the decoding error, may be null
   */
  public MalformedObjectException(String message, String objectKey, Throwable cause) {
    super(message, 0, cause);
    this.objectKey = objectKey;
  }

  /** Returns the object's key or storage key when known, else null. */
  public String objectKey() {
    return objectKey;
  }
}
