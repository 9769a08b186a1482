package io.informer4j.kubernetes.testserver;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Equality, a total order and the printed form of JSON values held as maps, lists and scalars, as
 * structured-merge-diff's {@code value} package treats them: numbers compare by their value
 * whatever their Java type (an {@code Integer} 80 equals a {@code Long} 80 and a {@code Double}
 * 80.0); the order is numbers, strings, booleans, lists, maps, null; maps compare by their sorted
 * entries. Stateless.
 */
final class JsonValues {

  private JsonValues() {
  }

  /** Returns true when {@code a} and {@code b} are the same JSON value. */
  static boolean equal(Object a, Object b) {
    return compare(a, b) == 0;
  }

  /** Compares two JSON values in the order of the class comment. */
  static int compare(Object a, Object b) {
    int rank = Integer.compare(rank(a), rank(b));
    if (rank != 0) {
      return rank;
    }
    if (a instanceof Number x && b instanceof Number y) {
      return decimal(x).compareTo(decimal(y));
    }
    if (a instanceof String x && b instanceof String y) {
      return x.compareTo(y);
    }
    if (a instanceof Boolean x && b instanceof Boolean y) {
      return Boolean.compare(x, y);
    }
    if (a instanceof List<?> x && b instanceof List<?> y) {
      return compareLists(x, y);
    }
    if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
      return compareLists(sortedEntries(x), sortedEntries(y));
    }
    return 0;
  }

  /**
   * Returns the value as structured-merge-diff prints it in a field path: strings quoted (Go's
   * {@code %q}), numbers and booleans as they are, lists in brackets, {@code null}.
   */
  static String pathText(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof String text) {
      return quote(text);
    }
    if (value instanceof List<?> list) {
      List<String> items = new ArrayList<>();
      list.forEach(item -> items.add(pathText(item)));
      return "[" + String.join(",", items) + "]";
    }
    if (value instanceof Map<?, ?> map) {
      StringBuilder text = new StringBuilder();
      new TreeMap<>(map).forEach((key, item) -> text.append(key).append('=').append(pathText(item)));
      return text.toString();
    }
    if (value instanceof Double || value instanceof Float) {
      double number = ((Number) value).doubleValue();
      return number == Math.rint(number) && !Double.isInfinite(number) ? Long.toString((long) number) : Double.toString(number);
    }
    return value.toString();
  }

  /** Returns {@code text} in double quotes with Go's escapes for quotes, backslashes and control characters. */
  static String quote(String text) {
    StringBuilder quoted = new StringBuilder("\"");
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> quoted.append("\\\"");
        case '\\' -> quoted.append("\\\\");
        case '\n' -> quoted.append("\\n");
        case '\t' -> quoted.append("\\t");
        case '\r' -> quoted.append("\\r");
        default -> {
          if (c < 0x20) {
            quoted.append(String.format("\\x%02x", (int) c));
          } else {
            quoted.append(c);
          }
        }
      }
    }
    return quoted.append('"').toString();
  }

  private static int rank(Object value) {
    if (value instanceof Number) {
      return 0;
    }
    if (value instanceof String) {
      return 1;
    }
    if (value instanceof Boolean) {
      return 2;
    }
    if (value instanceof List<?>) {
      return 3;
    }
    if (value instanceof Map<?, ?>) {
      return 4;
    }
    return 5;
  }

  private static BigDecimal decimal(Number number) {
    if (number instanceof BigDecimal decimal) {
      return decimal;
    }
    if (number instanceof BigInteger integer) {
      return new BigDecimal(integer);
    }
    if (number instanceof Double || number instanceof Float) {
      return BigDecimal.valueOf(number.doubleValue());
    }
    return BigDecimal.valueOf(number.longValue());
  }

  private static List<Object> sortedEntries(Map<?, ?> map) {
    List<Object> entries = new ArrayList<>();
    new TreeMap<>(map).forEach((key, value) -> {
      entries.add(String.valueOf(key));
      entries.add(value);
    });
    return entries;
  }

  private static int compareLists(List<?> a, List<?> b) {
    Iterator<?> left = a.iterator();
    Iterator<?> right = b.iterator();
    while (left.hasNext() && right.hasNext()) {
      int c = compare(left.next(), right.next());
      if (c != 0) {
        return c;
      }
    }
    return Boolean.compare(left.hasNext(), right.hasNext());
  }
}
