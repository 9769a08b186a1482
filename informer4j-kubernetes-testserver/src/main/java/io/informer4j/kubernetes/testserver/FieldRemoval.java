package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Removes a set of paths from a value over its schema, as structured-merge-diff's
 * {@code TypedValue.RemoveItems} does: a field or list item whose path is in the set goes with
 * everything below it, the paths below one that is not are removed inside it, and an atomic list or
 * map is only removed as a whole. An object or list that had content and is left empty by the
 * removal goes too (where structured-merge-diff leaves a null, which the API server then drops);
 * the root object stays. The input is not changed. Stateless.
 */
final class FieldRemoval {

  private static final Object GONE = new Object();

  private FieldRemoval() {
  }

  /** Returns the object {@code document} without the paths of {@code remove}. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> remove(Map<String, Object> document, FieldSet remove, SchemaNode schema) {
    Object result = removeFrom(document, remove, schema);
    return result instanceof Map<?, ?> map ? (Map<String, Object>) map : new LinkedHashMap<>();
  }

  private static Object removeFrom(Object value, FieldSet remove, SchemaNode schema) {
    if (value instanceof Map<?, ?> map && !schema.isAtomicMap() && !map.isEmpty()) {
      Map<String, Object> kept = new LinkedHashMap<>();
      map.forEach((key, child) -> {
        String name = String.valueOf(key);
        PathElement element = new PathElement.Field(name);
        if (!remove.hasMember(element)) {
          Object left = removeFrom(child, remove.under(element), schema.field(name));
          if (left != GONE) {
            kept.put(name, left);
          }
        }
      });
      return kept.isEmpty() ? GONE : kept;
    }
    if (value instanceof List<?> list && schema.listType() != SchemaNode.ListType.ATOMIC && !list.isEmpty()
        && !remove.isEmpty()) {
      List<ListItems.Item> items;
      try {
        items = ListItems.of(schema, list);
      } catch (ListItems.InvalidItemException e) {
        return Documents.copy(value);
      }
      List<Object> kept = new ArrayList<>();
      for (ListItems.Item item : items) {
        if (!remove.hasMember(item.element())) {
          Object left = removeFrom(item.value(), remove.under(item.element()), schema.items());
          if (left != GONE) {
            kept.add(left);
          }
        }
      }
      return kept.isEmpty() ? GONE : kept;
    }
    return Documents.copy(value);
  }
}
