package io.informer4j.controller;

import io.informer4j.meta.NamespaceDecision;
import io.informer4j.meta.NamespaceMatcher;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The namespace restriction of one type, over the one
 * {@link NamespaceMatcher} rule shared by all three tiers: patterns are exact names, {@code prefix*}
 * or {@code *suffix}; <b>restricted wins</b> over allowed; a non-empty allow-list must match; two
 * empty lists allow everything.
 *
 * <p>How the factory uses it: when {@link #isSingleNamespace()} is true (one exact allowed name and
 * nothing restricted) the list/watch itself is scoped to that namespace (tier 1: the cache never
 * holds other namespaces); whenever {@link #isActive()} is true, events are checked before they touch
 * a queue (tier 2: dropped and counted per reason). Tier 3 is the controller's reconcile-time guard
 * over {@link #matcher()}. Namespace rules are for namespaced types only: registering them for a
 * cluster-scoped type is rejected.
 *
 * <p>Immutable and thread-safe.
 */
public final class NamespaceFilter {

  private static final NamespaceFilter NONE = new NamespaceFilter(NamespaceMatcher.allowAll());

  private final NamespaceMatcher matcher;

  private NamespaceFilter(NamespaceMatcher matcher) {
    this.matcher = matcher;
  }

  /** Returns the filter with no rules. */
  public static NamespaceFilter none() {
    return NONE;
  }

  /**
   * Returns a filter from allowed and restricted patterns.
   *
   * @throws IllegalArgumentException naming the bad pattern if one is malformed
   */
  public static NamespaceFilter of(Collection<String> allowed, Collection<String> restricted) {
    return new NamespaceFilter(NamespaceMatcher.of(allowed, restricted));
  }

  /** Returns a filter allowing only the given namespaces (patterns). */
  public static NamespaceFilter allowing(String... allowed) {
    return of(List.of(allowed), List.of());
  }

  /** Returns a filter rejecting the given namespaces (patterns). */
  public static NamespaceFilter restricting(String... restricted) {
    return of(List.of(), List.of(restricted));
  }

  /** Returns true when {@code namespace} passes. */
  public boolean allows(String namespace) {
    return matcher.allows(namespace);
  }

  /** Returns the decision for {@code namespace}, with the reason and pattern behind it. */
  public NamespaceDecision decide(String namespace) {
    return matcher.decide(Objects.requireNonNull(namespace, "namespace"));
  }

  /** Returns true when some namespace can be rejected. */
  public boolean isActive() {
    return matcher.isActive();
  }

  /** Returns true when the list/watch can be scoped to one namespace (tier 1). */
  public boolean isSingleNamespace() {
    return matcher.singleExactNamespace().isPresent();
  }

  /** Returns the tier-1 namespace, or {@code ""} when {@link #isSingleNamespace()} is false. */
  public String singleNamespace() {
    return matcher.singleExactNamespace().orElse("");
  }

  /** Returns the shared matcher, for the tier-3 reconcile guard. */
  public NamespaceMatcher matcher() {
    return matcher;
  }

  /** Returns {@code "all namespaces"}, {@code "allowed: [a, b]"}, {@code "restricted: [x]"} or both. */
  public String summary() {
    return matcher.summary();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NamespaceFilter other && matcher.equals(other.matcher);
  }

  @Override
  public int hashCode() {
    return matcher.hashCode();
  }

  @Override
  public String toString() {
    return summary();
  }
}
