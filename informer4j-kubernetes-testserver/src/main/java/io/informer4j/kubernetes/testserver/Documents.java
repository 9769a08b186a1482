package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Helpers for JSON documents held as maps, lists and scalars. Stateless. */
final class Documents {

  private Documents() {
  }

  /** Returns a deep, mutable copy of a JSON value (maps keep their order). */
  @SuppressWarnings("unchecked")
  static <T> T copy(T value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach((key, child) -> copy.put(String.valueOf(key), copy(child)));
      return (T) copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      list.forEach(child -> copy.add(copy(child)));
      return (T) copy;
    }
    return value;
  }

  /** Returns the map at {@code key} of {@code parent}, created (and put) when absent or not a map. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> child(Map<String, Object> parent, String key) {
    if (parent.get(key) instanceof Map<?, ?> map) {
      return (Map<String, Object>) map;
    }
    Map<String, Object> created = new LinkedHashMap<>();
    parent.put(key, created);
    return created;
  }

  /** Returns the map at {@code key} of {@code parent}, or an empty map (not put). */
  @SuppressWarnings("unchecked")
  static Map<String, Object> childOrEmpty(Map<?, ?> parent, String key) {
    return parent != null && parent.get(key) instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
  }

  /** Returns the text at {@code key}, or null when absent or not text. */
  static String text(Map<?, ?> map, String key) {
    return map.get(key) instanceof String text ? text : null;
  }

  /** Returns the strings of the list at {@code key} (others skipped), or an empty list. */
  static List<String> strings(Map<?, ?> map, String key) {
    List<String> strings = new ArrayList<>();
    if (map.get(key) instanceof List<?> list) {
      list.forEach(item -> {
        if (item instanceof String text) {
          strings.add(text);
        }
      });
    }
    return strings;
  }

  /** Returns the document's metadata (created when absent). */
  static Map<String, Object> metadata(Map<String, Object> document) {
    return child(document, "metadata");
  }
}
