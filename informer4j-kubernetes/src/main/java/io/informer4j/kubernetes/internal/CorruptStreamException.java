package io.informer4j.kubernetes.internal;

/**
 * A watch stream holds bytes that are not a sequence of watch events: an event cut short and
 * followed by the next line, bytes between events that do not start one, an event larger than the
 * limit. Nothing after them can be trusted; the watch ends with {@code CORRUPT_STREAM}.
 */
public final class CorruptStreamException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** @param message what was found, and where */
  public CorruptStreamException(String message) {
    super(message);
  }
}
