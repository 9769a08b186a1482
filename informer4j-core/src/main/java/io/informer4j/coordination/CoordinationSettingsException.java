package io.informer4j.coordination;

/** Invalid coordination settings (for example zero shards, or a renew deadline not shorter than the lease). */
public final class CoordinationSettingsException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  /** Creates the exception with a message naming the setting and the value. */
  public CoordinationSettingsException(String message) {
    super(message);
  }
}
