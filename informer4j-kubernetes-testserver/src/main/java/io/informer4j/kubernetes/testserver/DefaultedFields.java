package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Helpers of the built-in kinds' defaulting functions over the API's JSON: a field is unset when it
 * is absent, null or (for a string, as Go's zero value) empty. Stateless.
 */
final class DefaultedFields {

  private DefaultedFields() {
  }

  /** Returns true when {@code key} of {@code map} is absent, null or the empty string. */
  static boolean unset(Map<?, ?> map, String key) {
    Object value = map.get(key);
    return value == null || "".equals(value);
  }

  /** Sets {@code key} to {@code value} when it is unset. */
  static void orDefault(Map<String, Object> map, String key, Object value) {
    if (unset(map, key)) {
      map.put(key, value);
    }
  }

  /** Returns the maps of the list at {@code key} (other items skipped; the maps are the document's own). */
  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> items(Map<?, ?> map, String key) {
    List<Map<String, Object>> items = new ArrayList<>();
    if (map.get(key) instanceof List<?> list) {
      list.forEach(item -> {
        if (item instanceof Map<?, ?> itemMap) {
          items.add((Map<String, Object>) itemMap);
        }
      });
    }
    return items;
  }

  /** Returns the map at {@code key} when it is one (the document's own), else null. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> mapOrNull(Map<?, ?> map, String key) {
    return map.get(key) instanceof Map<?, ?> child ? (Map<String, Object>) child : null;
  }
}
