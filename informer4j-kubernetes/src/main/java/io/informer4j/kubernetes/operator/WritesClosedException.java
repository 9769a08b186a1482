package io.informer4j.kubernetes.operator;

/**
 * A write or read through {@link OperatorWrites} that were closed: by {@link OperatorWrites#close()},
 * or, for writes built for a controller ({@link OperatorWrites.Builder#forController}), because the
 * controller's manager stopped. Nothing was sent. Build new writes (and a new manager) to write again.
 */
public class WritesClosedException extends OperatorException {

  private static final long serialVersionUID = 1L;

  /** @param message what was refused, naming the object and the writes */
  public WritesClosedException(String message) {
    super(message);
  }
}
