package io.informer4j.kubernetes.operator;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;

/**
 * The API server refused a write (or the write never reached it: {@link #statusCode()} 0). The
 * subclasses name the refusals an operator handles: {@link WriteConflictException} (409),
 * {@link InvalidObjectException} (422) and {@link NoStatusSubresourceException} (404 on
 * {@code /status} of an existing object).
 */
public class ApiWriteException extends OperatorException {

  private static final long serialVersionUID = 1L;

  private final TypeKey type;
  private final ObjectKey key;
  private final int statusCode;
  private final String reason;

  /**
   * @param type       the written object's type
   * @param key        the written object's key
   * @param statusCode the HTTP status, 0 when the server was not reached
   * @param reason     the Status reason ({@code Conflict}, {@code Invalid}, …), empty when none
   * @param message    what happened, naming the object
   * @param cause      the client's exception
   */
  public ApiWriteException(TypeKey type, ObjectKey key, int statusCode, String reason, String message,
                           Throwable cause) {
    super(message, cause);
    this.type = type;
    this.key = key;
    this.statusCode = statusCode;
    this.reason = reason == null ? "" : reason;
  }

  /** Returns the type of the refused object. */
  public TypeKey type() {
    return type;
  }

  /** Returns the key of the refused object. */
  public ObjectKey key() {
    return key;
  }

  /** Returns the HTTP status of the answer, 0 when the server was not reached. */
  public int statusCode() {
    return statusCode;
  }

  /** Returns the reason of the server's Status ({@code Conflict}, {@code Invalid}, …); empty when none. */
  public String reason() {
    return reason;
  }
}
