package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The set of fields a value sets, over its schema, as structured-merge-diff's
 * {@code TypedValue.ToFieldSet} makes it: every scalar, every item of a list that merges item by
 * item, every atomic list or map as a whole, every key of a map that is not a field the schema
 * declares, and every empty or null object; an object field the schema declares and that holds
 * something is not itself in the set, only what it holds.
 *
 * <p>{@link #ofApplied} also checks an applied object as structured-merge-diff does when it types
 * one: a field its schema does not accept, a list item without an identity and two items with the
 * same identity are errors ({@link InvalidValueException}, with structured-merge-diff's messages).
 * {@link #of} reads stored objects leniently: duplicate items are owned as one, a list whose items
 * have no identity as a whole. Stateless.
 */
final class ValueFields {

  /** An applied value the schema cannot type; the message lists every error as structured-merge-diff prints them. */
  static final class InvalidValueException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    InvalidValueException(List<String> errors) {
      super(errors.size() == 1 ? errors.get(0) : "errors:\n  " + String.join("\n  ", errors));
    }
  }

  private final boolean strict;
  private final List<String> errors = new ArrayList<>();

  private ValueFields(boolean strict) {
    this.strict = strict;
  }

  /** Returns the fields {@code value} sets (a stored object: lenient). */
  static FieldSet of(Object value, SchemaNode schema) {
    FieldSet set = FieldSet.empty();
    new ValueFields(false).walk(value, schema, new ArrayList<>(), set);
    return set;
  }

  /**
   * Returns the fields an applied object sets.
   *
   * @throws InvalidValueException if the schema cannot type it (see the class comment)
   */
  static FieldSet ofApplied(Object value, SchemaNode schema) {
    FieldSet set = FieldSet.empty();
    ValueFields walker = new ValueFields(true);
    walker.walk(value, schema, new ArrayList<>(), set);
    if (!walker.errors.isEmpty()) {
      throw new InvalidValueException(walker.errors);
    }
    return set;
  }

  private void walk(Object value, SchemaNode schema, List<PathElement> path, FieldSet set) {
    if (value instanceof Map<?, ?> map) {
      if (schema.isAtomicMap()) {
        set.insert(path);
        return;
      }
      map.forEach((key, child) -> {
        String name = String.valueOf(key);
        path.add(new PathElement.Field(name));
        if (strict && !schema.accepts(name)) {
          error(path, "field not declared in schema");
        } else {
          walk(child, schema.field(name), path, set);
          if (child == null || child instanceof Map<?, ?> m && m.isEmpty() || !schema.declares(name)) {
            set.insert(path);
          }
        }
        path.remove(path.size() - 1);
      });
    } else if (value instanceof List<?> list) {
      walkList(list, schema, path, set);
    } else {
      set.insert(path);
    }
  }

  /** Records an error as structured-merge-diff prints it: {@code <path>: <message>}, the message alone at the root. */
  private void error(List<PathElement> path, String message) {
    errors.add(path.isEmpty() ? message : PathElement.describe(path) + ": " + message);
  }

  private void walkList(List<?> list, SchemaNode schema, List<PathElement> path, FieldSet set) {
    if (schema.listType() == SchemaNode.ListType.ATOMIC) {
      set.insert(path);
      return;
    }
    List<ListItems.Item> items;
    try {
      items = ListItems.of(schema, list);
    } catch (ListItems.InvalidItemException e) {
      if (strict) {
        error(path, e.getMessage());
      } else {
        set.insert(path);
      }
      return;
    }
    Set<PathElement> seen = new HashSet<>();
    Set<PathElement> duplicated = new HashSet<>();
    for (ListItems.Item item : items) {
      if (!seen.add(item.element()) && duplicated.add(item.element())) {
        if (strict) {
          error(path, "duplicate entries for key " + item.element());
        } else {
          path.add(item.element());
          set.insert(path);
          path.remove(path.size() - 1);
        }
      }
    }
    for (ListItems.Item item : items) {
      if (duplicated.contains(item.element())) {
        continue;
      }
      path.add(item.element());
      walk(item.value(), schema.items(), path, set);
      set.insert(path);
      path.remove(path.size() - 1);
    }
  }
}
