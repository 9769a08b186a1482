package io.informer4j.kubernetes.testserver;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * JSON merge patch (RFC 7386), as the API server applies {@code application/merge-patch+json}: a
 * patch object's members replace the target's, recursively for objects; a null member removes the
 * field; any non-object patch replaces the target whole. Stateless.
 */
final class MergePatch {

  /** The content type of a JSON merge patch. */
  static final String CONTENT_TYPE = "application/merge-patch+json";

  private MergePatch() {
  }

  /** Returns {@code target} with {@code patch} applied; neither argument is changed. */
  static Object apply(Object target, Object patch) {
    if (!(patch instanceof Map<?, ?> patchMap)) {
      return patch;
    }
    Map<String, Object> result = new LinkedHashMap<>();
    if (target instanceof Map<?, ?> targetMap) {
      targetMap.forEach((key, value) -> result.put(String.valueOf(key), value));
    }
    patchMap.forEach((key, value) -> {
      String name = String.valueOf(key);
      if (value == null) {
        result.remove(name);
      } else {
        result.put(name, apply(result.get(name), value));
      }
    });
    return result;
  }
}
