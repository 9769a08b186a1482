package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The identity of the items of a list that merges item by item, as structured-merge-diff gives it
 * ({@code listItemToPathElement}): an item of a {@code map} list is its key fields (a key missing
 * from the item takes the key field's schema default), an item of a {@code set} its value. Stateless.
 */
final class ListItems {

  /** An item and its identity. */
  record Item(PathElement element, Object value) {
  }

  private ListItems() {
  }

  /**
   * Returns the items of {@code list} with their identities, in order.
   *
   * @throws InvalidItemException if an item has no identity (a {@code map} list's item that is not
   *                              an object or lacks a key field without default, a {@code set}
   *                              list's item that is an object, a null item)
   */
  static List<Item> of(SchemaNode schema, List<?> list) {
    List<Item> items = new ArrayList<>(list.size());
    for (int i = 0; i < list.size(); i++) {
      Object value = list.get(i);
      try {
        items.add(new Item(element(schema, value), value));
      } catch (InvalidItemException e) {
        throw new InvalidItemException("element " + i + ": " + e.getMessage());
      }
    }
    return items;
  }

  private static PathElement element(SchemaNode schema, Object value) {
    if (schema.listType() == SchemaNode.ListType.SET) {
      if (value instanceof Map<?, ?>) {
        throw new InvalidItemException("associative list without keys has an element that's a map type");
      }
      return new PathElement.Value(value);
    }
    if (value == null) {
      throw new InvalidItemException("associative list with keys may not have a null element");
    }
    if (!(value instanceof Map<?, ?> item)) {
      throw new InvalidItemException("associative list with keys may not have non-map elements");
    }
    Map<String, Object> key = new LinkedHashMap<>();
    for (String field : schema.listKeys()) {
      if (item.containsKey(field)) {
        key.put(field, item.get(field));
      } else {
        Optional<Object> fallback = schema.keyDefault(field);
        if (fallback.isEmpty()) {
          throw new InvalidItemException("associative list with keys has an element that omits key field \"" + field
              + "\" (and doesn't have default value)");
        }
        key.put(field, fallback.get());
      }
    }
    return PathElement.Key.of(key);
  }

  /** A list item without an identity, with structured-merge-diff's message. */
  static final class InvalidItemException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    InvalidItemException(String message) {
      super(message);
    }
  }
}
