package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Merges an applied object into a stored one over their schema, as structured-merge-diff's
 * {@code TypedValue.Merge} does: the applied value wins at every leaf — a scalar, an atomic list or
 * map, a value whose shape differs from the stored one's, an empty object or list on both sides —
 * objects merge field by field, and lists that merge item by item ({@code set} and {@code map}
 * lists) merge the items of the same identity, keep the stored items the applied list lacks, and
 * add the new ones. Item order: the applied list's order for the items it has, each stored-only
 * item where it stood relative to them. Neither input is changed. Stateless.
 */
final class ValueMerge {

  private ValueMerge() {
  }

  /**
   * Returns {@code stored} with {@code applied} merged into it; either may be null (absent).
   *
   * @throws ListItems.InvalidItemException if a list's items have no identity
   */
  static Object merge(Object stored, Object applied, SchemaNode schema) {
    if (applied == null) {
      return Documents.copy(stored);
    }
    if (stored == null) {
      return Documents.copy(applied);
    }
    if (stored instanceof Map<?, ?> left && applied instanceof Map<?, ?> right) {
      if (schema.isAtomicMap() || left.isEmpty() && right.isEmpty()) {
        return Documents.copy(applied);
      }
      return mergeMaps(left, right, schema);
    }
    if (stored instanceof List<?> left && applied instanceof List<?> right) {
      if (schema.listType() == SchemaNode.ListType.ATOMIC || left.isEmpty() && right.isEmpty()) {
        return Documents.copy(applied);
      }
      return mergeLists(left, right, schema);
    }
    return Documents.copy(applied);
  }

  private static Map<String, Object> mergeMaps(Map<?, ?> stored, Map<?, ?> applied, SchemaNode schema) {
    Map<String, Object> merged = new LinkedHashMap<>();
    stored.forEach((key, value) -> {
      String name = String.valueOf(key);
      merged.put(name, applied.containsKey(key) ? merge(value, applied.get(key), schema.field(name))
          : Documents.copy(value));
    });
    applied.forEach((key, value) -> {
      if (!stored.containsKey(key)) {
        merged.put(String.valueOf(key), Documents.copy(value));
      }
    });
    return merged;
  }

  /**
   * Walks both lists at once: items of the same identity at both positions merge; a stored item the
   * applied list lacks is kept where the walk meets it; a stored item the applied list has is
   * skipped until the applied list reaches it, unless it is the next shared item, which holds the
   * stored-only items behind it back until it is merged.
   */
  private static List<Object> mergeLists(List<?> stored, List<?> applied, SchemaNode schema) {
    List<ListItems.Item> left = ListItems.of(schema, stored);
    List<ListItems.Item> right = ListItems.of(schema, applied);
    Map<PathElement, Object> storedByIdentity = new HashMap<>();
    left.forEach(item -> storedByIdentity.putIfAbsent(item.element(), item.value()));
    Set<PathElement> inApplied = new HashSet<>();
    right.forEach(item -> inApplied.add(item.element()));
    List<PathElement> shared = right.stream().map(ListItems.Item::element).filter(storedByIdentity::containsKey).toList();
    SchemaNode items = schema.items();
    List<Object> merged = new ArrayList<>();
    Set<PathElement> mergedApplied = new HashSet<>();
    int next = 0;
    int l = 0;
    int r = 0;
    while (l < left.size() || r < right.size()) {
      if (l < left.size() && r < right.size()) {
        PathElement element = left.get(l).element();
        if (element.equals(right.get(r).element())) {
          mergedApplied.add(element);
          merged.add(merge(left.get(l).value(), right.get(r).value(), items));
          l++;
          r++;
          next = Math.min(next + 1, shared.size());
          continue;
        }
        if (inApplied.contains(element) && next < shared.size() && !shared.get(next).equals(element)) {
          l++;
          continue;
        }
      }
      if (l < left.size()) {
        PathElement element = left.get(l).element();
        if (!inApplied.contains(element)) {
          merged.add(Documents.copy(left.get(l).value()));
          l++;
          continue;
        }
        if (mergedApplied.contains(element)) {
          l++;
        }
      }
      if (r < right.size()) {
        PathElement element = right.get(r).element();
        mergedApplied.add(element);
        merged.add(merge(storedByIdentity.get(element), right.get(r).value(), items));
        r++;
        next = nextShared(shared, next, element);
      }
    }
    return merged;
  }

  private static int nextShared(List<PathElement> shared, int next, PathElement merged) {
    return next < shared.size() && shared.get(next).equals(merged) ? next + 1 : next;
  }
}
