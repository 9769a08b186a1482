package io.informer4j.informer.internal;

import io.informer4j.meta.ObjectAdapter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The initial state a watch-list streams before its {@code initial-events-end} bookmark, collected
 * as it arrives: appended while only additions come (the common case, no key computed), kept by key
 * from the first deletion on; plus the keys of initial events whose object could not be read.
 * Repeated keys in the appended form are settled by the cache's replace. Not thread-safe: the
 * reflector's lock guards it.
 *
 * @param <T> the object type
 */
final class InitialEvents<T> {

  private final ObjectAdapter<T> adapter;
  private List<T> appended = new ArrayList<>();
  private Map<String, T> byKey;
  private final Map<String, String> unreadable = new HashMap<>();

  InitialEvents(ObjectAdapter<T> adapter) {
    this.adapter = adapter;
  }

  /** Adds or replaces an object of the initial state. */
  void put(T object) {
    if (byKey == null) {
      appended.add(object);
      return;
    }
    String key = adapter.key(object);
    byKey.put(key, object);
    unreadable.remove(key);
  }

  /** Removes an object of the initial state. */
  void remove(String key) {
    keyed().remove(key);
    unreadable.remove(key);
  }

  /** Records that the latest initial state of {@code key} could not be read. */
  void unreadable(String key, String reason) {
    keyed().remove(key);
    unreadable.put(key, reason);
  }

  private Map<String, T> keyed() {
    if (byKey == null) {
      byKey = new LinkedHashMap<>();
      for (T earlier : appended) {
        byKey.put(adapter.key(earlier), earlier);
      }
      appended = null;
    }
    return byKey;
  }

  /** Returns how many objects the initial state holds so far. */
  int size() {
    return byKey == null ? appended.size() : byKey.size();
  }

  /** Returns the initial state as a complete list at {@code resourceVersion}. */
  Delta.ReplaceAll<T> toReplacement(String resourceVersion) {
    List<T> objects = byKey == null ? appended : new ArrayList<>(byKey.values());
    return new Delta.ReplaceAll<>(objects, resourceVersion, Map.copyOf(unreadable));
  }
}
