package io.informer4j.source;

import io.informer4j.meta.Scope;
import java.util.Objects;

/**
 * Whether the server serves a type, as far as a discovery call could tell. Only {@link Kind#ABSENT}
 * makes a type missing (registered, its informer not run until the type appears);
 * {@link Kind#UNKNOWN} (timeouts, 5xx, 429) keeps the previous state and is retried;
 * {@link Kind#FORBIDDEN} is reported as a permission problem.
 *
 * @param kind   the outcome
 * @param scope  the type's scope when present and known, else null
 * @param detail what discovery said, for logs and status; never null
 */
public record TypePresence(Kind kind, Scope scope, String detail) {

  /** The outcomes of a discovery check. */
  public enum Kind {
    /** The type is served. */
    PRESENT,
    /** The type is not served (its group-version is unknown, or the kind is not listed in it). */
    ABSENT,
    /** Discovery was refused (403): a permission problem, not a missing type. */
    FORBIDDEN,
    /** Discovery failed for a reason expected to pass; nothing can be concluded. */
    UNKNOWN
  }

  /** @throws NullPointerException if kind or detail is null */
  public TypePresence {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(detail, "detail");
  }

  /** Returns a PRESENT outcome. */
  public static TypePresence present(Scope scope) {
    return new TypePresence(Kind.PRESENT, scope, "served");
  }

  /** Returns an ABSENT outcome. */
  public static TypePresence absent(String detail) {
    return new TypePresence(Kind.ABSENT, null, detail);
  }

  /** Returns a FORBIDDEN outcome. */
  public static TypePresence forbidden(String detail) {
    return new TypePresence(Kind.FORBIDDEN, null, detail);
  }

  /** Returns an UNKNOWN outcome. */
  public static TypePresence unknown(String detail) {
    return new TypePresence(Kind.UNKNOWN, null, detail);
  }
}
