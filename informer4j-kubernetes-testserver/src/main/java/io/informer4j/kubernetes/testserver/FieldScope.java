package io.informer4j.kubernetes.testserver;

import io.informer4j.meta.TypeKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a write's fields are managed: the kind and its schema, the subresource written, and what
 * follows from them — the fields a write there may not own (the strategies' {@code GetResetFields}:
 * the status of a kind with a status subresource on the main resource, everything but metadata and
 * status on {@code /status}) and the object a creation starts from. Immutable.
 *
 * @param type         the group, version and kind written
 * @param schema       the kind's schema (null: none)
 * @param subresource  {@code status}, or empty for the main resource
 * @param statusReset  true when the kind serves {@code /status}, so main-resource writes keep the status
 * @param zeroObjects  true for built-in kinds, whose new objects hold the empty objects their Go
 *                     types always have ({@code spec}, {@code status}, …); false for custom resources
 */
record FieldScope(TypeKey type, Map<String, Object> schema, String subresource, boolean statusReset,
                  boolean zeroObjects) {

  private static final Set<String> RESOURCE_FIELDS = Set.of("apiVersion", "kind", "metadata");

  /** Returns the schema node of the kind's objects. */
  SchemaNode root() {
    return SchemaNode.resource(schema);
  }

  /** Returns true when writes here are to {@code /status}. */
  boolean isStatus() {
    return !subresource.isEmpty();
  }

  /** Returns the fields a write from {@code before} to {@code after} may not own or change here. */
  FieldSet resetFields(Map<String, Object> before, Map<String, Object> after) {
    FieldSet reset = FieldSet.empty();
    if (isStatus()) {
      Set<String> names = new java.util.TreeSet<>(before.keySet());
      names.addAll(after.keySet());
      names.stream().filter(name -> !RESOURCE_FIELDS.contains(name) && !name.equals("status"))
          .forEach(name -> reset.insert(List.of(new PathElement.Field(name))));
    } else if (statusReset) {
      reset.insert(List.of(new PathElement.Field("status")));
    }
    return reset;
  }

  /**
   * Returns the object a creation starts from, as the API server's new object of the kind:
   * {@code apiVersion}, {@code kind}, empty {@code metadata}, and for built-in kinds the object
   * fields their schema gives {@code default: {}}, recursively.
   */
  Map<String, Object> newObject() {
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("apiVersion", type.apiVersion());
    object.put("kind", type.kind());
    object.put("metadata", new LinkedHashMap<>());
    if (zeroObjects) {
      fillZeroObjects(object, root());
    }
    return object;
  }

  private static void fillZeroObjects(Map<String, Object> object, SchemaNode schema) {
    for (String name : schema.declaredFields()) {
      if (schema.objectDefault(name).filter(Map::isEmpty).isPresent()) {
        Map<String, Object> empty = new LinkedHashMap<>();
        object.putIfAbsent(name, empty);
        if (object.get(name) instanceof Map<?, ?> child && child == empty) {
          fillZeroObjects(empty, schema.field(name));
        }
      }
    }
  }
}
