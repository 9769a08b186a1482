package io.informer4j.kubernetes.operator;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import java.util.List;

/**
 * A server-side apply answered 409 because it would change fields other managers own:
 * {@link #conflicts()} names each field and its manager. Apply again without those fields, with
 * the values they have (to share them), or forcing ({@link ApplyOptions#forcingConflicts()}).
 */
public class ApplyConflictException extends WriteConflictException {

  private static final long serialVersionUID = 1L;

  /**
   * One field another manager owns.
   *
   * @param field   the field's path as the server gives it ({@code .spec.replicas},
   *                {@code .spec.containers[name="web"].image})
   * @param manager the field manager that owns it
   * @param message the server's words for the owner ({@code conflict with "kubectl" using apps/v1})
   */
  public record Conflict(String field, String manager, String message) {
  }

  private final transient List<Conflict> conflicts;

  /** See {@link WriteConflictException#WriteConflictException}; the status code is 409, the reason Conflict. */
  public ApplyConflictException(TypeKey type, ObjectKey key, String message, List<Conflict> conflicts, Throwable cause) {
    super(type, key, "Conflict", message, cause);
    this.conflicts = List.copyOf(conflicts);
  }

  /** Returns the conflicting fields, in the server's order. */
  public List<Conflict> conflicts() {
    return conflicts;
  }
}
