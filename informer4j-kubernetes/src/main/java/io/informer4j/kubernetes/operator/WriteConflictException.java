package io.informer4j.kubernetes.operator;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;

/**
 * A write answered 409 Conflict: its resourceVersion precondition failed (the object changed since
 * it was read) or the object to create exists. Re-read and retry; the helpers of this package do so,
 * bounded, and then throw {@link ConflictRetriesExhaustedException}.
 */
public class WriteConflictException extends ApiWriteException {

  private static final long serialVersionUID = 1L;

  /** See {@link ApiWriteException#ApiWriteException}; the status code is 409. */
  public WriteConflictException(TypeKey type, ObjectKey key, String reason, String message, Throwable cause) {
    super(type, key, 409, reason, message, cause);
  }
}
