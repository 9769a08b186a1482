package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What changed between two versions of an object, over its schema, as structured-merge-diff's
 * {@code TypedValue.Compare} finds it: the paths {@link #added()}, {@link #modified()} and
 * {@link #removed()}. Leaves (scalars, atomic lists and maps, empty objects and lists on both sides,
 * values whose shape changed) are compared whole; objects and lists that merge item by item are
 * compared below, and an object, list or item that appears or disappears is itself added or removed
 * along with what it holds. Duplicate items (two items of one identity) compare as one leaf.
 *
 * @param added    paths in the new version only
 * @param modified leaves in both, with different values
 * @param removed  paths in the old version only
 */
record ValueComparison(FieldSet added, FieldSet modified, FieldSet removed) {

  private static final Object ABSENT = new Object();

  /** Compares {@code before} with {@code after} (whole objects). */
  static ValueComparison of(Object before, Object after, SchemaNode schema) {
    ValueComparison comparison = new ValueComparison(FieldSet.empty(), FieldSet.empty(), FieldSet.empty());
    comparison.compare(before, after, schema, new ArrayList<>());
    return comparison;
  }

  /** Returns true when nothing changed. */
  boolean isSame() {
    return added.isEmpty() && modified.isEmpty() && removed.isEmpty();
  }

  /** Returns this comparison without {@code ignored} and everything below it. */
  ValueComparison excluding(FieldSet ignored) {
    return new ValueComparison(added.recursiveDifference(ignored), modified.recursiveDifference(ignored),
        removed.recursiveDifference(ignored));
  }

  private void compare(Object before, Object after, SchemaNode schema, List<PathElement> path) {
    boolean maps = container(before, Map.class) && container(after, Map.class);
    boolean lists = container(before, List.class) && container(after, List.class);
    if (maps && !schema.isAtomicMap() && !(empty(before) && empty(after))) {
      compareMaps(asMap(before), asMap(after), schema, path);
    } else if (lists && schema.listType() != SchemaNode.ListType.ATOMIC && !(empty(before) && empty(after))
        && compareLists(asList(before), asList(after), schema, path)) {
      // compared item by item
    } else {
      compareLeaf(before, after, path);
      return;
    }
    if (before == ABSENT) {
      added.insert(path);
    } else if (after == ABSENT) {
      removed.insert(path);
    }
  }

  private void compareLeaf(Object before, Object after, List<PathElement> path) {
    if (before == ABSENT) {
      added.insert(path);
    } else if (after == ABSENT) {
      removed.insert(path);
    } else if (!JsonValues.equal(before, after)) {
      modified.insert(path);
    }
  }

  private void compareMaps(Map<?, ?> before, Map<?, ?> after, SchemaNode schema, List<PathElement> path) {
    Set<Object> keys = new LinkedHashSet<>(before.keySet());
    keys.addAll(after.keySet());
    for (Object key : keys) {
      String name = String.valueOf(key);
      path.add(new PathElement.Field(name));
      compare(before.containsKey(key) ? before.get(key) : ABSENT, after.containsKey(key) ? after.get(key) : ABSENT,
          schema.field(name), path);
      path.remove(path.size() - 1);
    }
  }

  /** Compares the items of two lists; returns false (nothing compared) when an item has no identity. */
  private boolean compareLists(List<?> before, List<?> after, SchemaNode schema, List<PathElement> path) {
    Map<PathElement, List<Object>> left;
    Map<PathElement, List<Object>> right;
    try {
      left = byIdentity(ListItems.of(schema, before));
      right = byIdentity(ListItems.of(schema, after));
    } catch (ListItems.InvalidItemException e) {
      return false;
    }
    Set<PathElement> all = new LinkedHashSet<>(left.keySet());
    all.addAll(right.keySet());
    for (PathElement element : all) {
      List<Object> l = left.getOrDefault(element, List.of());
      List<Object> r = right.getOrDefault(element, List.of());
      path.add(element);
      if (l.size() <= 1 && r.size() <= 1) {
        compare(l.isEmpty() ? ABSENT : l.get(0), r.isEmpty() ? ABSENT : r.get(0), schema.items(), path);
      } else if (l.size() >= 2 && r.size() >= 2) {
        if (!JsonValues.equal(l, r)) {
          modified.insert(path);
        }
      } else if (l.size() >= 2) {
        removed.insert(path);
      } else {
        added.insert(path);
      }
      path.remove(path.size() - 1);
    }
    return true;
  }

  private static Map<PathElement, List<Object>> byIdentity(List<ListItems.Item> items) {
    Map<PathElement, List<Object>> grouped = new LinkedHashMap<>();
    items.forEach(item -> grouped.computeIfAbsent(item.element(), e -> new ArrayList<>()).add(item.value()));
    return grouped;
  }

  /** Returns true when {@code value} is absent, null or of {@code type} (and at least usable as one). */
  private static boolean container(Object value, Class<?> type) {
    return value == ABSENT || value == null || type.isInstance(value);
  }

  private static boolean empty(Object value) {
    return value == ABSENT || value == null || value instanceof Map<?, ?> m && m.isEmpty()
        || value instanceof List<?> l && l.isEmpty();
  }

  private static Map<?, ?> asMap(Object value) {
    return value instanceof Map<?, ?> map ? map : Map.of();
  }

  private static List<?> asList(Object value) {
    return value instanceof List<?> list ? list : List.of();
  }
}
