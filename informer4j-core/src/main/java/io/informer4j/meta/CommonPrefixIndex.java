package io.informer4j.meta;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Literals, each with a position, searchable for the one sharing the longest common prefix with a
 * text, ties going to the lowest position, in logarithmic time: the literals are sorted, the longest
 * common prefix is found next to the text's insertion point, every literal sharing it forms one run
 * of the sorted order, and a minimum tree over the positions answers the lowest position in that run.
 *
 * <p>Immutable and thread-safe.
 */
final class CommonPrefixIndex {

  /** A literal and its position. */
  record Entry(String literal, int position) {
  }

  /**
   * The answer of {@link #nearest(String)}.
   *
   * @param length   the longest prefix the text shares with any literal
   * @param position the lowest position among the literals sharing that many characters
   */
  record Nearest(int length, int position) {
  }

  private final String[] literals;
  private final int[] minimumTree;

  /** @param entries the literals with their positions, in any order */
  CommonPrefixIndex(List<Entry> entries) {
    Entry[] sorted = entries.toArray(Entry[]::new);
    Arrays.sort(sorted, Comparator.comparing(Entry::literal));
    int n = sorted.length;
    literals = new String[n];
    minimumTree = new int[2 * n];
    for (int i = 0; i < n; i++) {
      literals[i] = sorted[i].literal();
      minimumTree[n + i] = sorted[i].position();
    }
    for (int node = n - 1; node > 0; node--) {
      minimumTree[node] = Math.min(minimumTree[2 * node], minimumTree[2 * node + 1]);
    }
  }

  /** Returns true when there are no literals. */
  boolean isEmpty() {
    return literals.length == 0;
  }

  /**
   * Returns the longest prefix {@code text} shares with a literal and the lowest position among the
   * literals sharing it.
   *
   * @throws IllegalStateException if there are no literals
   */
  Nearest nearest(String text) {
    if (isEmpty()) {
      throw new IllegalStateException("no literals");
    }
    int insertion = lowerBound(text);
    int length = Math.max(insertion > 0 ? commonPrefix(text, literals[insertion - 1]) : 0,
        insertion < literals.length ? commonPrefix(text, literals[insertion]) : 0);
    String shared = text.substring(0, length);
    int from = lowerBound(shared);
    return new Nearest(length, lowestPosition(from, endOfRun(shared, from)));
  }

  /** Returns the first index whose literal is not below {@code key}. */
  private int lowerBound(String key) {
    int low = 0;
    int high = literals.length;
    while (low < high) {
      int middle = (low + high) >>> 1;
      if (literals[middle].compareTo(key) < 0) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }

  /** Returns the first index from {@code from} on whose literal does not start with {@code prefix}. */
  private int endOfRun(String prefix, int from) {
    int low = from;
    int high = literals.length;
    while (low < high) {
      int middle = (low + high) >>> 1;
      if (literals[middle].startsWith(prefix)) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }

  /** Returns the lowest position among the sorted indexes {@code [from, to)}, which is not empty. */
  private int lowestPosition(int from, int to) {
    int lowest = Integer.MAX_VALUE;
    int n = literals.length;
    for (int left = from + n, right = to + n; left < right; left >>>= 1, right >>>= 1) {
      if ((left & 1) == 1) {
        lowest = Math.min(lowest, minimumTree[left++]);
      }
      if ((right & 1) == 1) {
        lowest = Math.min(lowest, minimumTree[--right]);
      }
    }
    return lowest;
  }

  private static int commonPrefix(String a, String b) {
    int max = Math.min(a.length(), b.length());
    int n = 0;
    while (n < max && a.charAt(n) == b.charAt(n)) {
      n++;
    }
    return n;
  }
}
