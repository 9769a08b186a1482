package io.informer4j.cache;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * One index: its function and the map from each value to the keys of the objects having it. Empty
 * key sets are removed so short-lived values do not leak. Not thread-safe: {@link ThreadSafeIndexer}
 * guards it with its lock.
 *
 * @param <T> the object type
 */
final class IndexTable<T> {

  private final IndexFunction<T> function;
  private final BiConsumer<String, RuntimeException> onError;
  private final Map<String, Set<String>> keysByValue = new HashMap<>();

  IndexTable(IndexFunction<T> function, BiConsumer<String, RuntimeException> onError) {
    this.function = function;
    this.onError = onError;
  }

  /**
   * Returns the object's values, or null when the function threw (reported through the error
   * callback with {@code key}).
   */
  Collection<String> valuesOf(String key, T object) {
    try {
      Collection<String> values = function.values(object);
      return values == null ? List.of() : values;
    } catch (RuntimeException e) {
      onError.accept(key, e);
      return null;
    }
  }

  /** Indexes {@code key} under the values of {@code object}. */
  void add(String key, T object) {
    Collection<String> values = valuesOf(key, object);
    if (values != null) {
      for (String value : values) {
        keysByValue.computeIfAbsent(value, v -> new HashSet<>(4)).add(key);
      }
    }
  }

  /** Removes {@code key} from the values of {@code object}; sweeps the table if they cannot be computed. */
  void remove(String key, T object) {
    Collection<String> values = valuesOf(key, object);
    if (values == null) {
      keysByValue.values().removeIf(keys -> keys.remove(key) && keys.isEmpty());
      return;
    }
    for (String value : values) {
      removeKey(value, key);
    }
  }

  /** Re-indexes {@code key} from {@code oldObject}'s values to {@code newObject}'s. */
  void update(String key, T oldObject, T newObject) {
    Collection<String> oldValues = valuesOf(key, oldObject);
    Collection<String> newValues = valuesOf(key, newObject);
    if (oldValues != null && newValues != null && oldValues.size() == 1 && newValues.size() == 1
        && oldValues.iterator().next().equals(newValues.iterator().next())) {
      return;
    }
    if (oldValues == null) {
      keysByValue.values().removeIf(keys -> keys.remove(key) && keys.isEmpty());
    } else {
      for (String value : oldValues) {
        removeKey(value, key);
      }
    }
    if (newValues != null) {
      for (String value : newValues) {
        keysByValue.computeIfAbsent(value, v -> new HashSet<>(4)).add(key);
      }
    }
  }

  private void removeKey(String value, String key) {
    Set<String> keys = keysByValue.get(value);
    if (keys != null && keys.remove(key) && keys.isEmpty()) {
      keysByValue.remove(value);
    }
  }

  /** Rebuilds the table over {@code items}. */
  void rebuild(Map<String, T> items) {
    keysByValue.clear();
    items.forEach(this::add);
  }

  /**
   * Rebuilds the table over objects given in order with their keys (no key twice). Walking a list
   * in its own order touches memory sequentially, several times faster than walking a hash map.
   */
  void rebuild(String[] keys, List<T> objects) {
    keysByValue.clear();
    for (int i = 0; i < keys.length; i++) {
      add(keys[i], objects.get(i));
    }
  }

  /** Returns the keys under {@code value}; an empty set when none. The set must not be modified. */
  Set<String> keys(String value) {
    return keysByValue.getOrDefault(value, Set.of());
  }

  /** Returns every value held. */
  Set<String> values() {
    return keysByValue.keySet();
  }

  IndexFunction<T> function() {
    return function;
  }
}
