package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pruning of the fields a custom resource's structural schema does not declare, as the
 * apiextensions-apiserver prunes them (pkg/apiserver/schema/pruning): a field is kept when its object
 * schema lists it in {@code properties}, has {@code additionalProperties}, or says
 * {@code x-kubernetes-preserve-unknown-fields: true}; {@code apiVersion}, {@code kind} and
 * {@code metadata} are kept at the root and in {@code x-kubernetes-embedded-resource} objects. Only
 * unknown fields are found; types, formats and CEL rules are not checked. Stateless.
 */
final class SchemaPruning {

  private static final Set<String> RESOURCE_FIELDS = Set.of("apiVersion", "kind", "metadata");

  private SchemaPruning() {
  }

  /**
   * Removes from {@code document} (changed in place) the fields {@code schema} does not declare and
   * returns their paths ({@code spec.colour}, {@code spec.items[0].x}); a null schema keeps everything.
   */
  static List<String> prune(Map<String, Object> document, Map<?, ?> schema) {
    List<String> unknown = new ArrayList<>();
    if (schema != null) {
      pruneObject(document, schema, "", true, unknown);
    }
    return unknown;
  }

  private static void prune(Object value, Map<?, ?> schema, String path, List<String> unknown) {
    if (value instanceof Map<?, ?> map) {
      pruneObject(map, schema, path, Boolean.TRUE.equals(schema.get("x-kubernetes-embedded-resource")), unknown);
    } else if (value instanceof List<?> list && schema.get("items") instanceof Map<?, ?> items) {
      for (int i = 0; i < list.size(); i++) {
        prune(list.get(i), items, path + "[" + i + "]", unknown);
      }
    }
  }

  private static void pruneObject(Map<?, ?> object, Map<?, ?> schema, String path, boolean resource, List<String> unknown) {
    Map<?, ?> properties = schema.get("properties") instanceof Map<?, ?> p ? p : Map.of();
    Object additional = schema.get("additionalProperties");
    boolean preserve = Boolean.TRUE.equals(schema.get("x-kubernetes-preserve-unknown-fields"));
    Iterator<? extends Map.Entry<?, ?>> entries = object.entrySet().iterator();
    while (entries.hasNext()) {
      Map.Entry<?, ?> entry = entries.next();
      String key = String.valueOf(entry.getKey());
      String childPath = path.isEmpty() ? key : path + "." + key;
      if (resource && RESOURCE_FIELDS.contains(key)) {
        continue;
      }
      if (properties.get(key) instanceof Map<?, ?> child) {
        prune(entry.getValue(), child, childPath, unknown);
      } else if (additional instanceof Map<?, ?> child) {
        prune(entry.getValue(), child, childPath, unknown);
      } else if (!preserve && !Boolean.TRUE.equals(additional)) {
        unknown.add(childPath);
        entries.remove();
      }
    }
  }
}
