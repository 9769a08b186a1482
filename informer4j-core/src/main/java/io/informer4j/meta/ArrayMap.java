package io.informer4j.meta;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * An unmodifiable map held in one array of alternating keys and values, iterating in the order the
 * entries were given. It costs one object and one array, against a {@code LinkedHashMap}'s table and
 * one node per entry; lookups scan the array, so it is meant for small maps ({@link #MAX_SIZE}).
 * Equality and hash code are those of every {@link Map}. Null keys are not allowed, null values are.
 * Immutable, so thread-safe.
 *
 * @param <K> key type
 * @param <V> value type
 */
final class ArrayMap<K, V> extends AbstractMap<K, V> {

  /** The largest map this class is used for; a scan of this many keys is still cheap. */
  static final int MAX_SIZE = 32;

  private final Object[] keysAndValues;

  private ArrayMap(Object[] keysAndValues) {
    this.keysAndValues = keysAndValues;
  }

  /**
   * Returns an unmodifiable copy of {@code map} in its iteration order, with each value replaced by
   * {@code value.apply(v)}.
   *
   * @throws IllegalArgumentException if the map is larger than {@link #MAX_SIZE}
   * @throws NullPointerException if the map has a null key
   */
  static <K, V> ArrayMap<K, V> copyOf(Map<K, V> map, UnaryOperator<V> value) {
    if (map.size() > MAX_SIZE) {
      throw new IllegalArgumentException("map of " + map.size() + " entries is larger than " + MAX_SIZE);
    }
    Object[] array = new Object[map.size() * 2];
    int i = 0;
    for (Map.Entry<K, V> entry : map.entrySet()) {
      array[i++] = Objects.requireNonNull(entry.getKey(), "key");
      array[i++] = value.apply(entry.getValue());
    }
    return new ArrayMap<>(array);
  }

  private int indexOf(Object key) {
    for (int i = 0; i < keysAndValues.length; i += 2) {
      if (keysAndValues[i] == key) {
        return i;
      }
    }
    if (key != null) {
      for (int i = 0; i < keysAndValues.length; i += 2) {
        if (key.equals(keysAndValues[i])) {
          return i;
        }
      }
    }
    return -1;
  }

  @Override
  @SuppressWarnings("unchecked")
  public V get(Object key) {
    int index = indexOf(key);
    return index < 0 ? null : (V) keysAndValues[index + 1];
  }

  @Override
  public boolean containsKey(Object key) {
    return indexOf(key) >= 0;
  }

  @Override
  public int size() {
    return keysAndValues.length / 2;
  }

  /** Always throws: the map cannot be changed. */
  @Override
  public V remove(Object key) {
    throw unmodifiable();
  }

  /** Always throws: the map cannot be changed. */
  @Override
  public void putAll(Map<? extends K, ? extends V> map) {
    throw unmodifiable();
  }

  /** Always throws: the map cannot be changed. */
  @Override
  public void clear() {
    throw unmodifiable();
  }

  /** Always throws: the map cannot be changed. */
  @Override
  public void replaceAll(BiFunction<? super K, ? super V, ? extends V> function) {
    throw unmodifiable();
  }

  private static UnsupportedOperationException unmodifiable() {
    return new UnsupportedOperationException("read-only map");
  }

  @Override
  public Set<Entry<K, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<K, V>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < keysAndValues.length;
          }

          @Override
          @SuppressWarnings("unchecked")
          public Entry<K, V> next() {
            if (!hasNext()) {
              throw new NoSuchElementException();
            }
            Entry<K, V> entry = new SimpleImmutableEntry<>((K) keysAndValues[next], (V) keysAndValues[next + 1]);
            next += 2;
            return entry;
          }
        };
      }

      @Override
      public int size() {
        return keysAndValues.length / 2;
      }
    };
  }
}
