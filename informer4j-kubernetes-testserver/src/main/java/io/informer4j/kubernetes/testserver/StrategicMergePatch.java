package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Strategic merge patch ({@code application/strategic-merge-patch+json}) for built-in types, after
 * apimachinery's pkg/util/strategicpatch: maps merge recursively and a null member deletes the
 * field; a list is replaced, unless its field has a merge key in the Kubernetes API types
 * ({@code patchStrategy:"merge" patchMergeKey:...} struct tags of k8s.io/api), where patch elements
 * merge into the element with the same key, are appended when none has it, and are removed with
 * {@code $patch: delete}; {@code metadata.finalizers} merges as a set. Directives:
 * {@code $patch: replace} and {@code $patch: delete} on maps and list elements,
 * {@code $deleteFromPrimitiveList/<field>}, {@code $retainKeys}; {@code $setElementOrder/<field>}
 * (sent by kubectl apply) is read as a hint and dropped. Keys known by field name, whatever the type:
 * containers, initContainers, ephemeralContainers, volumes, env, imagePullSecrets, resourceClaims by
 * name; volumeMounts by mountPath; volumeDevices by devicePath; ports by containerPort (a container's)
 * or port (a Service's); hostAliases by ip; conditions by type; ownerReferences by uid;
 * topologySpreadConstraints by topologyKey. Stateless.
 */
final class StrategicMergePatch {

  static final String CONTENT_TYPE = "application/strategic-merge-patch+json";

  private static final Map<String, String> MERGE_KEYS = Map.ofEntries(
      Map.entry("containers", "name"), Map.entry("initContainers", "name"), Map.entry("ephemeralContainers", "name"),
      Map.entry("volumes", "name"), Map.entry("env", "name"), Map.entry("imagePullSecrets", "name"),
      Map.entry("resourceClaims", "name"), Map.entry("volumeMounts", "mountPath"),
      Map.entry("volumeDevices", "devicePath"), Map.entry("hostAliases", "ip"), Map.entry("conditions", "type"),
      Map.entry("ownerReferences", "uid"), Map.entry("topologySpreadConstraints", "topologyKey"));
  private static final Set<String> MERGED_PRIMITIVE_LISTS = Set.of("finalizers");
  private static final String PATCH = "$patch";
  private static final String DELETE_FROM = "$deleteFromPrimitiveList/";
  private static final String ORDER = "$setElementOrder/";
  private static final String RETAIN_KEYS = "$retainKeys";

  private StrategicMergePatch() {
  }

  /**
   * Returns {@code target} with {@code patch} applied; neither is changed.
   *
   * @throws IllegalArgumentException if the patch is not an object
   */
  static Map<String, Object> apply(Map<String, Object> target, Object patch) {
    if (!(patch instanceof Map<?, ?> map)) {
      throw new IllegalArgumentException("a strategic merge patch must be an object");
    }
    return mergeMap(Documents.copy(target), Documents.copy(map));
  }

  private static Map<String, Object> mergeMap(Map<String, Object> original, Map<?, ?> patch) {
    Object directive = patch.get(PATCH);
    if ("replace".equals(directive)) {
      Map<String, Object> replaced = new LinkedHashMap<>();
      patch.forEach((key, value) -> {
        if (!PATCH.equals(key)) {
          replaced.put(String.valueOf(key), value);
        }
      });
      return replaced;
    }
    Map<String, Object> result = original == null ? new LinkedHashMap<>() : original;
    if (patch.get(RETAIN_KEYS) instanceof List<?> retained) {
      result.keySet().removeIf(key -> !retained.contains(key));
    }
    for (Map.Entry<?, ?> entry : patch.entrySet()) {
      String key = String.valueOf(entry.getKey());
      Object value = entry.getValue();
      if (PATCH.equals(key) || RETAIN_KEYS.equals(key) || key.startsWith(ORDER)) {
        continue;
      }
      if (key.startsWith(DELETE_FROM)) {
        String field = key.substring(DELETE_FROM.length());
        if (result.get(field) instanceof List<?> list && value instanceof List<?> removed) {
          List<Object> kept = new ArrayList<>(list);
          kept.removeAll(removed);
          result.put(field, kept);
        }
        continue;
      }
      if (value == null) {
        result.remove(key);
      } else if (value instanceof Map<?, ?> child && "delete".equals(child.get(PATCH))) {
        result.remove(key);
      } else if (value instanceof Map<?, ?> child) {
        result.put(key, mergeMap(result.get(key) instanceof Map<?, ?> m ? asMap(m) : null, child));
      } else if (value instanceof List<?> list) {
        result.put(key, mergeList(key, result.get(key), list));
      } else {
        result.put(key, value);
      }
    }
    return result;
  }

  private static Object mergeList(String field, Object original, List<?> patch) {
    if (patch.stream().anyMatch(e -> e instanceof Map<?, ?> m && "replace".equals(m.get(PATCH)))) {
      return new ArrayList<>(patch.stream().filter(e -> !(e instanceof Map<?, ?> m && m.containsKey(PATCH))).toList());
    }
    List<Object> result = original instanceof List<?> list ? new ArrayList<>(list) : new ArrayList<>();
    if (MERGED_PRIMITIVE_LISTS.contains(field)) {
      patch.stream().filter(e -> !result.contains(e)).forEach(result::add);
      return result;
    }
    String key = mergeKey(field, patch);
    if (key == null) {
      return new ArrayList<>(patch);
    }
    for (Object element : patch) {
      if (!(element instanceof Map<?, ?> map)) {
        throw new IllegalArgumentException("the list " + field + " merges by " + key + " but has an element that is not an object");
      }
      int at = indexOf(result, key, map.get(key));
      if ("delete".equals(map.get(PATCH))) {
        if (at >= 0) {
          result.remove(at);
        }
      } else if (at >= 0) {
        result.set(at, mergeMap(asMap((Map<?, ?>) result.get(at)), map));
      } else {
        result.add(mergeMap(null, map));
      }
    }
    return result;
  }

  private static String mergeKey(String field, List<?> patch) {
    if ("ports".equals(field)) {
      boolean containerPorts = patch.stream().anyMatch(e -> e instanceof Map<?, ?> m && m.containsKey("containerPort"));
      return containerPorts ? "containerPort" : "port";
    }
    return MERGE_KEYS.get(field);
  }

  private static int indexOf(List<Object> list, String key, Object value) {
    for (int i = 0; i < list.size(); i++) {
      if (list.get(i) instanceof Map<?, ?> element && Objects.equals(normalized(element.get(key)), normalized(value))) {
        return i;
      }
    }
    return -1;
  }

  private static Object normalized(Object value) {
    return value instanceof Number number ? number.doubleValue() : value;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asMap(Map<?, ?> map) {
    return (Map<String, Object>) map;
  }
}
