package io.informer4j.informer;

/** Completes an informer's {@code stopped()} future when it gave up; the cause says why. */
public final class InformerFailedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** @param informer the informer's name; @param cause why it failed */
  public InformerFailedException(String informer, Throwable cause) {
    super("informer " + informer + " failed: " + cause.getMessage(), cause);
  }
}
