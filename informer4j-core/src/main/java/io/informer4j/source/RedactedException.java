package io.informer4j.source;

/**
 * Stands for an error whose message held a credential ({@link Redaction#redact(Throwable)}): its
 * message is the original's class name and redacted message, its stack trace the original's.
 */
public final class RedactedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  RedactedException(String message) {
    super(message);
  }
}
