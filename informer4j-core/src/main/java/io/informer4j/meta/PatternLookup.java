package io.informer4j.meta;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One list of {@link NamespacePattern}s (allowed or restricted), indexed so that finding the first
 * pattern, in list order, that matches a namespace costs the same whatever the list's size: exact
 * names are hashed, prefix and suffix patterns are kept apart in {@link AffixTable}s.
 *
 * <p>Immutable and thread-safe.
 */
final class PatternLookup {

  private final List<NamespacePattern> patterns;
  private final Map<String, Integer> exact;
  private final AffixTable prefixes;
  private final AffixTable suffixes;

  /** @param patterns the list, without duplicates, in configured order */
  PatternLookup(List<NamespacePattern> patterns) {
    this.patterns = List.copyOf(patterns);
    Map<NamespacePattern.Kind, Map<String, Integer>> byKind = Map.of(NamespacePattern.Kind.EXACT, new HashMap<>(),
        NamespacePattern.Kind.PREFIX, new HashMap<>(), NamespacePattern.Kind.SUFFIX, new HashMap<>());
    for (int position = 0; position < this.patterns.size(); position++) {
      NamespacePattern pattern = this.patterns.get(position);
      byKind.get(pattern.kind()).put(pattern.literal(), position);
    }
    this.exact = byKind.get(NamespacePattern.Kind.EXACT);
    this.prefixes = new AffixTable(false, byKind.get(NamespacePattern.Kind.PREFIX));
    this.suffixes = new AffixTable(true, byKind.get(NamespacePattern.Kind.SUFFIX));
  }

  /** Returns the first pattern of the list that {@code namespace} matches, or null when none does. */
  NamespacePattern firstMatch(String namespace) {
    Integer exactPosition = exact.get(namespace);
    int first = exactPosition == null ? -1 : exactPosition;
    first = earlier(first, prefixes.firstMatch(namespace));
    first = earlier(first, suffixes.firstMatch(namespace));
    return first < 0 ? null : patterns.get(first);
  }

  private static int earlier(int a, int b) {
    return a < 0 ? b : b < 0 ? a : Math.min(a, b);
  }

  /** Returns the patterns, in configured order. */
  List<NamespacePattern> patterns() {
    return patterns;
  }

  /** Returns true when the list has no pattern. */
  boolean isEmpty() {
    return patterns.isEmpty();
  }
}
