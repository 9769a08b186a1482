package io.informer4j.kubernetes.operator;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import java.util.List;

/**
 * A write answered 422 Invalid: the server's validation refused the object. {@link #causes()} are
 * the server's causes, each naming a field; retrying the same object cannot succeed.
 */
public class InvalidObjectException extends ApiWriteException {

  private static final long serialVersionUID = 1L;

  /**
   * One cause of a refusal, as in a Kubernetes {@code Status}'s {@code details.causes}.
   *
   * @param reason  the cause's reason, for example {@code FieldValueInvalid}
   * @param field   the field, for example {@code metadata.name}; empty when none
   * @param message the server's message
   */
  public record Cause(String reason, String field, String message) {
  }

  private final transient List<Cause> causes;

  /** See {@link ApiWriteException#ApiWriteException}; the status code is 422. */
  public InvalidObjectException(TypeKey type, ObjectKey key, String reason, String message, List<Cause> causes,
                                Throwable cause) {
    super(type, key, 422, reason, message, cause);
    this.causes = List.copyOf(causes);
  }

  /** Returns the server's causes, in its order; empty when it gave none. */
  public List<Cause> causes() {
    return causes;
  }
}
