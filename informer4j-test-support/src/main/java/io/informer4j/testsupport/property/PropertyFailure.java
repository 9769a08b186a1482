package io.informer4j.testsupport.property;

/**
 * A property did not hold: the message names the failing try and its seed, the shrunk input and
 * the input as generated; the cause is the failure on the shrunk input, and the failure on the
 * generated input is attached as suppressed when it is another one.
 */
public final class PropertyFailure extends AssertionError {

  private static final long serialVersionUID = 1L;

  PropertyFailure(String message, Throwable shrunkFailure, Throwable generatedFailure) {
    super(message, shrunkFailure);
    if (generatedFailure != shrunkFailure) {
      addSuppressed(generatedFailure);
    }
  }
}
