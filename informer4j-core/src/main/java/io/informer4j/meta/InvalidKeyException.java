package io.informer4j.meta;

/** Thrown when a cache key cannot be split into namespace and name. */
public final class InvalidKeyException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String key;

  /**
   * @param key    the key that could not be parsed
   * @param reason why, completing "invalid object key '...': "
   */
  public InvalidKeyException(String key, String reason) {
    super("invalid object key '" + key + "': " + reason);
    this.key = key;
  }

  /** Returns the key that could not be parsed. */
  public String key() {
    return key;
  }
}
