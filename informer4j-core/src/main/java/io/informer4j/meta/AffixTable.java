package io.informer4j.meta;

import java.util.Map;

/**
 * The prefix patterns (or the suffix patterns) of one pattern list, found from the namespace rather
 * than by trying each: their literals are hashed to their positions in the list, and a lookup tries
 * only the namespace's own prefix (suffix) of each distinct literal length, so its cost depends on
 * how many lengths there are and on the namespace's length, never on how many patterns share them.
 *
 * <p>Immutable and thread-safe.
 */
final class AffixTable {

  private final boolean suffix;
  private final Map<String, Integer> positionByLiteral;
  private final int[] lengths;

  /**
   * @param suffix            true to match the literals at the end of a namespace, false at its start
   * @param positionByLiteral each literal with the position of its pattern in the list (copied)
   */
  AffixTable(boolean suffix, Map<String, Integer> positionByLiteral) {
    this.suffix = suffix;
    this.positionByLiteral = Map.copyOf(positionByLiteral);
    this.lengths = positionByLiteral.keySet().stream().mapToInt(String::length).distinct().sorted().toArray();
  }

  /** Returns the lowest position among the patterns {@code namespace} matches, or -1 when none does. */
  int firstMatch(String namespace) {
    int first = -1;
    for (int length : lengths) {
      if (length > namespace.length()) {
        break;
      }
      String affix = suffix
          ? namespace.substring(namespace.length() - length)
          : namespace.substring(0, length);
      Integer position = positionByLiteral.get(affix);
      if (position != null && (first < 0 || position < first)) {
        first = position;
      }
    }
    return first;
  }
}
