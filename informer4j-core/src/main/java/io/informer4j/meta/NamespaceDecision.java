package io.informer4j.meta;

import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of {@link NamespaceMatcher#decide(String)} for one namespace, with the reason and the
 * pattern behind it, so a skip can be explained in logs, metrics and events.
 *
 * <p>Immutable and thread-safe.
 *
 * @param namespace the namespace that was decided
 * @param reason    why it was allowed or rejected
 * @param pattern   the restricted pattern that matched ({@link Reason#RESTRICTED}), the allowed
 *                  pattern that matched ({@link Reason#ALLOWED}), the closest allowed pattern
 *                  ({@link Reason#NOT_ALLOWED}), or empty ({@link Reason#NO_RULES})
 */
public record NamespaceDecision(String namespace, Reason reason, Optional<String> pattern) {

  /** Why a namespace was allowed or rejected. */
  public enum Reason {
    /** Neither list has an entry: every namespace is allowed. */
    NO_RULES("no-rules", true),
    /** No restricted pattern matched and an allowed pattern did (or the allow-list is empty). */
    ALLOWED("allowed", true),
    /** A restricted pattern matched; restricted wins over allowed. */
    RESTRICTED("restricted", false),
    /** The allow-list is not empty and none of its patterns matched. */
    NOT_ALLOWED("not-allowed", false);

    private final String text;
    private final boolean allows;

    Reason(String text, boolean allows) {
      this.text = text;
      this.allows = allows;
    }

    /** Returns the reason as logged and used as a metric tag: {@code restricted}, {@code not-allowed}, … */
    public String text() {
      return text;
    }
  }

  /**
   * Validates the components.
   *
   * @throws NullPointerException if a component is null
   */
  public NamespaceDecision {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(pattern, "pattern");
  }

  /** Returns true when the namespace is allowed. */
  public boolean allowed() {
    return reason.allows;
  }

  /**
   * Explains a rejection the way events and logs word it, for example {@code namespace "kube-system"
   * is restricted (matched pattern: "kube-*")} or {@code namespace "dev" is not in allowedNamespaces
   * (closest match: "prod-*")}; for an allowed namespace, {@code namespace "x" is allowed}.
   */
  public String explanation() {
    String quoted = "namespace \"" + namespace + "\"";
    return switch (reason) {
      case RESTRICTED -> quoted + " is restricted (matched pattern: \"" + pattern.orElse("") + "\")";
      case NOT_ALLOWED -> quoted + " is not in allowedNamespaces (closest match: \"" + pattern.orElse("") + "\")";
      case ALLOWED, NO_RULES -> quoted + " is allowed";
    };
  }
}
