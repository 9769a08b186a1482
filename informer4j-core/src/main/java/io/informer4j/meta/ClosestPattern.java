package io.informer4j.meta;

import java.util.ArrayList;
import java.util.List;

/**
 * Names the allowed pattern closest to a rejected namespace, as {@link NamespaceMatcher} documents
 * it: the pattern whose literal shares the most characters with the namespace — counted from the
 * start for exact and {@code prefix*} patterns, from the end for {@code *suffix} patterns — ties
 * going to the pattern listed first. Two {@link CommonPrefixIndex}es (one over the exact and prefix
 * literals, one over the reversed suffix literals) answer it in logarithmic time.
 *
 * <p>Immutable and thread-safe.
 */
final class ClosestPattern {

  private final List<NamespacePattern> patterns;
  private final CommonPrefixIndex fromStart;
  private final CommonPrefixIndex fromEnd;

  /** @param patterns the allowed patterns, without duplicates, in configured order; not empty */
  ClosestPattern(List<NamespacePattern> patterns) {
    if (patterns.isEmpty()) {
      throw new IllegalArgumentException("no patterns to be close to");
    }
    this.patterns = List.copyOf(patterns);
    List<CommonPrefixIndex.Entry> starts = new ArrayList<>();
    List<CommonPrefixIndex.Entry> ends = new ArrayList<>();
    for (int position = 0; position < this.patterns.size(); position++) {
      NamespacePattern pattern = this.patterns.get(position);
      if (pattern.kind() == NamespacePattern.Kind.SUFFIX) {
        ends.add(new CommonPrefixIndex.Entry(reversed(pattern.literal()), position));
      } else {
        starts.add(new CommonPrefixIndex.Entry(pattern.literal(), position));
      }
    }
    this.fromStart = new CommonPrefixIndex(starts);
    this.fromEnd = new CommonPrefixIndex(ends);
  }

  /** Returns the allowed pattern closest to {@code namespace}. */
  NamespacePattern closestTo(String namespace) {
    CommonPrefixIndex.Nearest best = null;
    if (!fromStart.isEmpty()) {
      best = fromStart.nearest(namespace);
    }
    if (!fromEnd.isEmpty()) {
      CommonPrefixIndex.Nearest end = fromEnd.nearest(reversed(namespace));
      if (best == null || end.length() > best.length()
          || (end.length() == best.length() && end.position() < best.position())) {
        best = end;
      }
    }
    return patterns.get(best.position());
  }

  /** Reverses {@code text} char by char (surrogate pairs too, as the suffix comparison is by char). */
  private static String reversed(String text) {
    char[] chars = new char[text.length()];
    for (int i = 0; i < chars.length; i++) {
      chars[i] = text.charAt(chars.length - 1 - i);
    }
    return new String(chars);
  }
}
