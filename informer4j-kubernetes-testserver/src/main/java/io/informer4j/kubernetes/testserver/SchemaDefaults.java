package io.informer4j.kubernetes.testserver;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Defaulting of custom resources by their structural schema, as the apiextensions-apiserver does it
 * (pkg/apiserver/schema/defaulting; https://kubernetes.io/docs/tasks/extend-kubernetes/custom-resources/custom-resource-definitions/#defaulting):
 * a {@code null} in a field whose schema does not say {@code nullable: true} is dropped (a field the
 * schema does not describe keeps it), then a property
 * that is absent from an object present in the document gets its schema's {@code default}. Stateless.
 */
final class SchemaDefaults {

  private SchemaDefaults() {
  }

  /** Applies the defaults of {@code schema} to {@code document} (changed in place); a null schema changes nothing. */
  static void apply(Map<String, Object> document, Map<?, ?> schema) {
    if (schema != null) {
      applyToObject(document, schema, true);
    }
  }

  @SuppressWarnings("unchecked")
  private static void apply(Object value, Map<?, ?> schema) {
    if (value instanceof Map<?, ?> map) {
      applyToObject((Map<String, Object>) map, schema, false);
    } else if (value instanceof List<?> list && schema.get("items") instanceof Map<?, ?> items) {
      list.forEach(item -> apply(item, items));
    }
  }

  private static void applyToObject(Map<String, Object> object, Map<?, ?> schema, boolean root) {
    Map<?, ?> properties = schema.get("properties") instanceof Map<?, ?> p ? p : Map.of();
    Iterator<Map.Entry<String, Object>> entries = object.entrySet().iterator();
    while (entries.hasNext()) {
      Map.Entry<String, Object> entry = entries.next();
      if (root && "metadata".equals(entry.getKey())) {
        continue;
      }
      Map<?, ?> child = properties.get(entry.getKey()) instanceof Map<?, ?> declared ? declared
          : schema.get("additionalProperties") instanceof Map<?, ?> values ? values : null;
      if (entry.getValue() == null && child != null && !Boolean.TRUE.equals(child.get("nullable"))) {
        entries.remove();
      } else if (child != null) {
        apply(entry.getValue(), child);
      }
    }
    properties.forEach((name, declared) -> {
      if (declared instanceof Map<?, ?> child && child.containsKey("default") && !object.containsKey(String.valueOf(name))) {
        Object defaulted = Documents.copy(child.get("default"));
        object.put(String.valueOf(name), defaulted);
        apply(defaulted, child);
      }
    });
  }
}
