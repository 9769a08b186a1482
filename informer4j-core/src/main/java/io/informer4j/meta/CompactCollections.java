package io.informer4j.meta;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Unmodifiable, compact copies of the maps and lists that decoded objects hold, for
 * {@link ObjectAdapter#compact} implementations: empty ones become the JDK's shared empty instances,
 * small maps one array of keys and values (instead of a hash table with a node per entry), lists
 * without nulls the JDK's immutable lists; larger maps and lists with nulls keep their contents
 * behind an unmodifiable view. Iteration order, equality and hash codes are kept. Stateless and
 * thread-safe; the arguments are not changed.
 */
public final class CompactCollections {

  private static final Class<?> UNMODIFIABLE_VIEW = Collections.unmodifiableMap(Map.of()).getClass();

  private CompactCollections() {
  }

  /**
   * Returns whether {@code map} is one of the non-empty read-only maps this class makes, for callers
   * that would otherwise change it in place.
   */
  public static boolean isReadOnly(Map<?, ?> map) {
    return map instanceof ArrayMap || map.getClass() == UNMODIFIABLE_VIEW;
  }

  /** Returns an unmodifiable copy of {@code map} (its values as they are), or null for null. */
  public static <K, V> Map<K, V> map(Map<K, V> map) {
    return map(map, UnaryOperator.identity());
  }

  /** Returns an unmodifiable copy of {@code list} (its elements as they are), or null for null. */
  public static <E> List<E> list(List<E> list) {
    return list(list, UnaryOperator.identity());
  }

  /**
   * Returns {@code value} with every map and list in it, at any depth, replaced by an unmodifiable
   * copy (the shape of JSON decoded into maps and lists); other values are returned as they are.
   */
  @SuppressWarnings("unchecked")
  public static Object tree(Object value) {
    if (value instanceof Map<?, ?> map) {
      return map((Map<Object, Object>) map, CompactCollections::tree);
    }
    if (value instanceof List<?> list) {
      return list((List<Object>) list, CompactCollections::tree);
    }
    return value;
  }

  /**
   * Returns a modifiable deep copy of {@code value}: every map and list in it, at any depth, copied
   * into a {@code LinkedHashMap} or {@code ArrayList} (order kept); other values are returned as they
   * are. The inverse of {@link #tree}, for {@link ObjectAdapter#deepCopy} of compact objects.
   */
  public static Object modifiableTree(Object value) {
    return modifiableTree(value, UnaryOperator.identity());
  }

  /**
   * As {@link #modifiableTree(Object)}, with every value that is not a map or list (keys aside)
   * replaced by {@code others.apply(value)}, for trees whose leaves need copies of their own.
   */
  public static Object modifiableTree(Object value, UnaryOperator<Object> others) {
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> copy = new LinkedHashMap<>(Math.max(4, (int) (map.size() / 0.75f) + 1));
      map.forEach((key, entry) -> copy.put(key, modifiableTree(entry, others)));
      return copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      for (Object element : list) {
        copy.add(modifiableTree(element, others));
      }
      return copy;
    }
    return others.apply(value);
  }

  /** Returns {@link #tree} of a map, typed as one; null for null. */
  @SuppressWarnings("unchecked")
  public static <K> Map<K, Object> mapTree(Map<K, Object> map) {
    return (Map<K, Object>) tree(map);
  }

  private static <K, V> Map<K, V> map(Map<K, V> map, UnaryOperator<V> value) {
    if (map == null || map instanceof ArrayMap) {
      return map;
    }
    if (map.isEmpty()) {
      return Map.of();
    }
    if (map.size() <= ArrayMap.MAX_SIZE && !hasNullKey(map)) {
      return ArrayMap.copyOf(map, value);
    }
    Map<K, V> copy = new LinkedHashMap<>(map);
    copy.replaceAll((k, v) -> value.apply(v));
    return Collections.unmodifiableMap(copy);
  }

  /** Looks for a null key by iterating, as some maps (sorted, concurrent) refuse {@code containsKey(null)}. */
  private static boolean hasNullKey(Map<?, ?> map) {
    for (Object key : map.keySet()) {
      if (key == null) {
        return true;
      }
    }
    return false;
  }

  private static <E> List<E> list(List<E> list, UnaryOperator<E> element) {
    if (list == null) {
      return null;
    }
    List<E> copy = new ArrayList<>(list);
    copy.replaceAll(element);
    return copy.contains(null) ? Collections.unmodifiableList(copy) : List.copyOf(copy);
  }
}
