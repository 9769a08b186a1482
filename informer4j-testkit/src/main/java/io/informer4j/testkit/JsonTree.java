package io.informer4j.testkit;

import io.informer4j.meta.CompactCollections;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.Set;

/**
 * Deeply immutable JSON-like trees: maps with string keys, lists, and scalar leaves (strings,
 * booleans, numbers of the immutable JDK types, and null).
 *
 * <p>{@link #freeze(Map)} copies a tree once; freezing a tree it already froze returns it as is, so
 * an immutable object can be rebuilt with a changed label without copying its content again.
 * Frozen maps keep insertion order and compare equal to any map with the same entries.
 */
final class JsonTree {

  private static final FrozenMap EMPTY = new FrozenMap(Map.of());

  private JsonTree() {
  }

  /**
   * Returns a deeply immutable copy of {@code tree}, or {@code tree} itself when it is already one.
   *
   * @throws IllegalArgumentException if a key is null or not a string, or a leaf is not a JSON
   *                                  scalar (for example a mutable {@code AtomicLong} or a date)
   */
  static Map<String, Object> freeze(Map<String, ?> tree) {
    Objects.requireNonNull(tree, "tree");
    return freezeMap(tree, "");
  }

  /**
   * Returns the value at a dotted path ({@code spec.nodeName}), or null when a step is missing or
   * not a map.
   */
  static Object valueAt(Map<String, Object> tree, String dottedPath) {
    Object current = tree;
    for (String step : dottedPath.split("\\.", -1)) {
      if (!(current instanceof Map<?, ?> map)) {
        return null;
      }
      current = map.get(step);
    }
    return current;
  }

  /**
   * Returns a frozen copy of {@code tree} with {@code value} at a dotted path, creating the maps on
   * the way; untouched branches are shared with {@code tree}.
   *
   * @throws IllegalArgumentException if a step on the way holds a non-map value, or the value is
   *                                  not a JSON value
   */
  static Map<String, Object> withValueAt(Map<String, Object> tree, String dottedPath, Object value) {
    String[] steps = dottedPath.split("\\.", -1);
    return freeze(set(tree, steps, 0, value, dottedPath));
  }

  private static Map<String, Object> set(Map<String, Object> level, String[] steps, int index, Object value,
                                         String path) {
    Map<String, Object> copy = new LinkedHashMap<>(level);
    String step = steps[index];
    if (index == steps.length - 1) {
      copy.put(step, value);
      return copy;
    }
    Object child = level.get(step);
    if (child != null && !(child instanceof Map<?, ?>)) {
      throw new IllegalArgumentException("cannot set '" + path + "': '" + step + "' holds a " + child.getClass().getSimpleName());
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> childMap = child == null ? Map.of() : (Map<String, Object>) child;
    copy.put(step, set(childMap, steps, index + 1, value, path));
    return copy;
  }

  private static Map<String, Object> freezeMap(Map<?, ?> map, String path) {
    if (map instanceof FrozenMap frozen) {
      return frozen;
    }
    if (map.isEmpty()) {
      return EMPTY;
    }
    Map<String, Object> copy = new LinkedHashMap<>(map.size() * 4 / 3 + 1);
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      if (!(entry.getKey() instanceof String key)) {
        throw new IllegalArgumentException("content key at '" + path + "' must be a string: " + entry.getKey());
      }
      String childPath = path.isEmpty() ? key : path + "." + key;
      copy.put(key, freezeValue(entry.getValue(), childPath));
    }
    return new FrozenMap(copy);
  }

  private static Object freezeValue(Object value, String path) {
    if (value == null || isScalar(value)) {
      return value;
    }
    if (value instanceof Map<?, ?> map) {
      return freezeMap(map, path);
    }
    if (value instanceof List<?> list) {
      if (list instanceof FrozenList) {
        return list;
      }
      Object[] items = new Object[list.size()];
      int i = 0;
      for (Object item : list) {
        items[i] = freezeValue(item, path + "[" + i + "]");
        i++;
      }
      return new FrozenList(items);
    }
    throw new IllegalArgumentException("content value at '" + path + "' is not a JSON value: " + value.getClass().getName());
  }

  /** Returns true for the leaf types a frozen tree accepts. */
  static boolean isScalar(Object value) {
    return value instanceof String || value instanceof Boolean || value instanceof Integer || value instanceof Long
        || value instanceof Double || value instanceof Float || value instanceof Short || value instanceof Byte
        || value instanceof BigInteger || value instanceof BigDecimal;
  }

  /**
   * An unmodifiable map whose values are frozen too, its entries held compactly (small maps in one
   * array: {@link CompactCollections#map}), so a simulated API of a million objects stays small.
   */
  private static final class FrozenMap extends AbstractMap<String, Object> {
    private final Map<String, Object> entries;

    FrozenMap(Map<String, Object> entries) {
      this.entries = CompactCollections.map(entries);
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
      return entries.entrySet();
    }

    @Override
    public Object get(Object key) {
      return entries.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
      return entries.containsKey(key);
    }

    @Override
    public int size() {
      return entries.size();
    }
  }

  /** An unmodifiable list whose items are frozen too. */
  private static final class FrozenList extends AbstractList<Object> implements RandomAccess {
    private final Object[] items;

    FrozenList(Object[] items) {
      this.items = items;
    }

    @Override
    public Object get(int index) {
      return items[index];
    }

    @Override
    public int size() {
      return items.length;
    }
  }
}
