package io.informer4j.meta;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The one namespace rule of informer4j, shared by every tier that filters by namespace: tier 1 (a
 * namespace-scoped list/watch, see {@link #singleExactNamespace()}), tier 2 (the shared informer
 * factory's event filter) and tier 3 (the controller's reconcile-time guard). Because all three ask
 * the same matcher, they can never disagree about a namespace.
 *
 * <h2>Patterns</h2>
 * Each entry of either list is a {@link NamespacePattern}: an exact name, {@code prefix*} or
 * {@code *suffix}. Any other use of {@code *} is rejected at construction.
 *
 * <h2>Precedence (the single rule)</h2>
 * <ol>
 *   <li><b>Restricted wins.</b> A namespace that matches any restricted pattern is rejected
 *       ({@link NamespaceDecision.Reason#RESTRICTED}), even when an allowed pattern matches it too:
 *       allowed {@code [prod]} with restricted {@code [prod]} rejects {@code prod}, and allowed
 *       {@code [prod-team]} with restricted {@code [prod-*]} rejects {@code prod-team}.</li>
 *   <li>Otherwise, when the allow-list is not empty, the namespace must match one of its patterns,
 *       else it is rejected ({@link NamespaceDecision.Reason#NOT_ALLOWED}, naming the closest allowed
 *       pattern: the one sharing the longest common prefix with the namespace, or the longest
 *       common suffix for {@code *suffix} patterns; ties go to the pattern listed first).</li>
 *   <li>Two empty lists allow every namespace ({@link NamespaceDecision.Reason#NO_RULES}).</li>
 * </ol>
 * The empty namespace {@code ""} gets no special case: it is rejected by a non-empty allow-list
 * (unless a pattern such as {@code *} matches it) and allowed otherwise. Namespace rules are meant
 * for namespaced types; callers decide scope from the type, not from an empty string.
 *
 * <h2>Cost</h2>
 * Finding the matching pattern costs the same however many patterns the lists hold: exact names are
 * hashed, and prefix and suffix patterns are looked up by the namespace's own prefix or suffix of
 * each distinct pattern length. Naming the closest allowed pattern of a rejection takes a few binary
 * searches over the sorted allowed literals and a range minimum, logarithmic in their number.
 * Building is linear in the patterns, plus sorting the allowed literals.
 *
 * <p>Immutable and thread-safe.
 */
public final class NamespaceMatcher {

  private static final NamespaceMatcher ALLOW_ALL = new NamespaceMatcher(List.of(), List.of());

  private final PatternLookup allowed;
  private final PatternLookup restricted;
  private final ClosestPattern closestAllowed;

  private NamespaceMatcher(List<NamespacePattern> allowed, List<NamespacePattern> restricted) {
    this.allowed = new PatternLookup(allowed);
    this.restricted = new PatternLookup(restricted);
    this.closestAllowed = allowed.isEmpty() ? null : new ClosestPattern(allowed);
  }

  /** Returns the matcher with no rules: it allows every namespace and {@link #isActive()} is false. */
  public static NamespaceMatcher allowAll() {
    return ALLOW_ALL;
  }

  /**
   * Builds a matcher from configured patterns. Duplicates are kept once, in first-seen order.
   *
   * @param allowed    allowed patterns; empty means "every namespace not restricted"
   * @param restricted restricted patterns; they win over allowed ones
   * @throws IllegalArgumentException naming the bad pattern if one is empty, has whitespace or
   *     misuses {@code *}
   * @throws NullPointerException     if a list or an entry is null
   */
  public static NamespaceMatcher of(Collection<String> allowed, Collection<String> restricted) {
    List<NamespacePattern> allow = parse(allowed, "allowed");
    List<NamespacePattern> restrict = parse(restricted, "restricted");
    return allow.isEmpty() && restrict.isEmpty() ? ALLOW_ALL : new NamespaceMatcher(allow, restrict);
  }

  private static List<NamespacePattern> parse(Collection<String> patterns, String list) {
    Objects.requireNonNull(patterns, list + " namespaces");
    Set<NamespacePattern> parsed = new LinkedHashSet<>();
    for (String text : patterns) {
      try {
        parsed.add(NamespacePattern.parse(text));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(list + " namespaces: " + e.getMessage(), e);
      }
    }
    return List.copyOf(parsed);
  }

  /**
   * Decides one namespace by the precedence rule in the class comment.
   *
   * @param namespace the namespace, {@code ""} for none; never null
   * @return the decision with its reason and the matched or closest pattern
   */
  public NamespaceDecision decide(String namespace) {
    Objects.requireNonNull(namespace, "namespace");
    NamespacePattern restrictedBy = restricted.firstMatch(namespace);
    if (restrictedBy != null) {
      return new NamespaceDecision(namespace, NamespaceDecision.Reason.RESTRICTED, Optional.of(restrictedBy.text()));
    }
    if (allowed.isEmpty()) {
      NamespaceDecision.Reason reason =
          restricted.isEmpty() ? NamespaceDecision.Reason.NO_RULES : NamespaceDecision.Reason.ALLOWED;
      return new NamespaceDecision(namespace, reason, Optional.empty());
    }
    NamespacePattern allowedBy = allowed.firstMatch(namespace);
    if (allowedBy != null) {
      return new NamespaceDecision(namespace, NamespaceDecision.Reason.ALLOWED, Optional.of(allowedBy.text()));
    }
    return new NamespaceDecision(namespace, NamespaceDecision.Reason.NOT_ALLOWED,
        Optional.of(closestAllowed.closestTo(namespace).text()));
  }

  /** Returns {@code decide(namespace).allowed()}. */
  public boolean allows(String namespace) {
    return decide(namespace).allowed();
  }

  /** Returns true when either list has an entry, that is when some namespace can be rejected. */
  public boolean isActive() {
    return !allowed.isEmpty() || !restricted.isEmpty();
  }

  /**
   * Returns the one namespace a tier-1 (namespace-scoped) list/watch may use: present only when the
   * allow-list has exactly one entry, that entry is an exact name, and the restrict-list is empty.
   * In every other case the watch must cover all namespaces and tier 2 filters.
   */
  public Optional<String> singleExactNamespace() {
    List<NamespacePattern> allow = allowed.patterns();
    if (allow.size() == 1 && restricted.isEmpty() && allow.get(0).kind() == NamespacePattern.Kind.EXACT) {
      return Optional.of(allow.get(0).literal());
    }
    return Optional.empty();
  }

  /** Returns the allowed patterns, in configured order. */
  public List<String> allowed() {
    return texts(allowed.patterns());
  }

  /** Returns the restricted patterns, in configured order. */
  public List<String> restricted() {
    return texts(restricted.patterns());
  }

  private static List<String> texts(List<NamespacePattern> patterns) {
    return patterns.stream().map(NamespacePattern::text).collect(Collectors.toUnmodifiableList());
  }

  /**
   * Returns a one-line description for logs and status: {@code "all namespaces"} when inactive,
   * {@code "allowed: [a, b]"}, {@code "restricted: [x]"}, or {@code "allowed: [a]; restricted: [x]"}
   * when both lists have entries.
   */
  public String summary() {
    if (!isActive()) {
      return "all namespaces";
    }
    List<String> parts = new ArrayList<>(2);
    if (!allowed.isEmpty()) {
      parts.add("allowed: " + allowed());
    }
    if (!restricted.isEmpty()) {
      parts.add("restricted: " + restricted());
    }
    return String.join("; ", parts);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NamespaceMatcher other && allowed.patterns().equals(other.allowed.patterns())
        && restricted.patterns().equals(other.restricted.patterns());
  }

  @Override
  public int hashCode() {
    return Objects.hash(allowed.patterns(), restricted.patterns());
  }

  /** Returns {@link #summary()}. */
  @Override
  public String toString() {
    return summary();
  }
}
