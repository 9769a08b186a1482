package io.informer4j.kubernetes.testserver;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A set of field paths in an object, as structured-merge-diff's {@code fieldpath.Set} holds them:
 * a tree whose nodes are {@link PathElement}s, each node either a member (the path to it is in the
 * set), a parent of members, or both. It is what a manager owns in {@code metadata.managedFields}
 * ({@link #toFieldsV1()}, {@link #fromFieldsV1}), what an applied object sets, and what changed
 * between two objects. The set operations follow structured-merge-diff: {@link #difference}
 * removes paths, {@link #recursiveDifference} also everything below a removed path.
 *
 * <p>Not thread-safe while it is built ({@link #insert}); the operations return new sets and never
 * change their inputs, so a set no longer inserted into can be shared.
 */
final class FieldSet {

  private final NavigableSet<PathElement> members = new TreeSet<>();
  private final NavigableMap<PathElement, FieldSet> children = new TreeMap<>();

  /** Returns a new empty set. */
  static FieldSet empty() {
    return new FieldSet();
  }

  /** Returns a set holding {@code paths}. */
  static FieldSet of(List<List<PathElement>> paths) {
    FieldSet set = new FieldSet();
    paths.forEach(set::insert);
    return set;
  }

  /** Adds {@code path} (a non-empty path; the empty path is ignored). */
  void insert(List<PathElement> path) {
    if (path.isEmpty()) {
      return;
    }
    FieldSet node = this;
    for (int i = 0; i < path.size() - 1; i++) {
      node = node.children.computeIfAbsent(path.get(i), pe -> new FieldSet());
    }
    node.members.add(path.get(path.size() - 1));
  }

  /** Returns true when the set holds no path. */
  boolean isEmpty() {
    return members.isEmpty() && children.values().stream().allMatch(FieldSet::isEmpty);
  }

  /** Returns true when {@code path} is in the set. */
  boolean has(List<PathElement> path) {
    FieldSet node = this;
    for (int i = 0; i < path.size() - 1; i++) {
      node = node.children.get(path.get(i));
      if (node == null) {
        return false;
      }
    }
    return !path.isEmpty() && node.members.contains(path.get(path.size() - 1));
  }

  /** Returns true when {@code element} is a member directly under the root. */
  boolean hasMember(PathElement element) {
    return members.contains(element);
  }

  /** Returns the paths below {@code element}, relative to it (empty when none). */
  FieldSet under(PathElement element) {
    FieldSet child = children.get(element);
    return child == null ? new FieldSet() : child;
  }

  /** Returns the members directly under the root. */
  NavigableSet<PathElement> members() {
    return Collections.unmodifiableNavigableSet(members);
  }

  /** Returns the nodes directly under the root that have paths below them. */
  NavigableMap<PathElement, FieldSet> children() {
    return Collections.unmodifiableNavigableMap(children);
  }

  /** Returns the paths in either set. */
  FieldSet union(FieldSet other) {
    FieldSet result = copy();
    result.members.addAll(other.members);
    other.children.forEach((pe, child) -> result.children.merge(pe, child.copy(), FieldSet::union));
    return result;
  }

  /** Returns the paths in both sets. */
  FieldSet intersection(FieldSet other) {
    FieldSet result = new FieldSet();
    members.stream().filter(other.members::contains).forEach(result.members::add);
    children.forEach((pe, child) -> {
      FieldSet otherChild = other.children.get(pe);
      if (otherChild != null) {
        putIfNotEmpty(result, pe, child.intersection(otherChild));
      }
    });
    return result;
  }

  /** Returns the paths of this set that are not in {@code other} (paths below them stay). */
  FieldSet difference(FieldSet other) {
    return subtract(other, false);
  }

  /** Returns the paths of this set that neither are in {@code other} nor lie below a path of it. */
  FieldSet recursiveDifference(FieldSet other) {
    return subtract(other, true);
  }

  private FieldSet subtract(FieldSet other, boolean recursive) {
    FieldSet result = new FieldSet();
    members.stream().filter(pe -> !other.members.contains(pe)).forEach(result.members::add);
    children.forEach((pe, child) -> {
      if (recursive && other.members.contains(pe)) {
        return;
      }
      FieldSet otherChild = other.children.get(pe);
      putIfNotEmpty(result, pe, otherChild == null ? child.copy() : child.subtract(otherChild, recursive));
    });
    return result;
  }

  /**
   * Returns this set with the named fields of a schema made members wherever paths lie below them
   * (structured-merge-diff's {@code EnsureNamedFieldsAreMembers}): a set holding {@code a.b.c}
   * then also holds {@code a} and {@code a.b} when they are fields a schema declares, but not a key
   * of a map or an item of a list.
   */
  FieldSet withNamedFieldsAsMembers(SchemaNode schema) {
    FieldSet result = new FieldSet();
    result.members.addAll(members);
    children.forEach((pe, child) -> {
      if (pe instanceof PathElement.Field field && schema.declares(field.name())) {
        result.members.add(pe);
      }
      result.children.put(pe, child.withNamedFieldsAsMembers(schema.child(pe)));
    });
    return result;
  }

  /** Returns every path of the set in order: the members of a node before the paths below it. */
  List<List<PathElement>> paths() {
    List<List<PathElement>> paths = new ArrayList<>();
    collect(new ArrayList<>(), paths);
    return paths;
  }

  private void collect(List<PathElement> prefix, List<List<PathElement>> paths) {
    for (PathElement member : members) {
      List<PathElement> path = new ArrayList<>(prefix);
      path.add(member);
      paths.add(List.copyOf(path));
    }
    children.forEach((pe, child) -> {
      prefix.add(pe);
      child.collect(prefix, paths);
      prefix.remove(prefix.size() - 1);
    });
  }

  /**
   * Returns the set in the {@code fieldsV1} form of managedFields: one JSON member per node, keyed
   * by its {@link PathElement#serialized() form}, in order; a member with nothing below it is
   * {@code {}}, a node that is both a member and a parent has {@code ".": {}} first.
   */
  Map<String, Object> toFieldsV1() {
    return fieldsV1(false);
  }

  private Map<String, Object> fieldsV1(boolean member) {
    Map<String, Object> json = new LinkedHashMap<>();
    if (member) {
      json.put(".", Map.of());
    }
    TreeSet<PathElement> all = new TreeSet<>(members);
    children.forEach((pe, child) -> {
      if (!child.isEmpty()) {
        all.add(pe);
      }
    });
    for (PathElement pe : all) {
      FieldSet child = children.get(pe);
      json.put(pe.serialized(), child == null || child.isEmpty() ? Map.of() : child.fieldsV1(members.contains(pe)));
    }
    return json;
  }

  /**
   * Reads a set from its {@code fieldsV1} form.
   *
   * @throws IllegalArgumentException if a key is not a fieldsV1 key or a value is not an object
   */
  static FieldSet fromFieldsV1(Object fieldsV1) {
    if (!(fieldsV1 instanceof Map<?, ?> json)) {
      throw new IllegalArgumentException("fieldsV1 must be a JSON object");
    }
    FieldSet set = new FieldSet();
    json.forEach((key, value) -> {
      if (".".equals(key)) {
        return;
      }
      PathElement pe;
      try {
        pe = PathElement.parse(String.valueOf(key));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("invalid fieldsV1 key '" + key + "': " + e.getMessage(), e);
      }
      if (!(value instanceof Map<?, ?> below)) {
        throw new IllegalArgumentException("the fieldsV1 value of '" + key + "' must be an object");
      }
      if (below.isEmpty() || below.containsKey(".")) {
        set.members.add(pe);
      }
      FieldSet child = fromFieldsV1(below);
      if (!child.isEmpty()) {
        set.children.put(pe, child);
      }
    });
    return set;
  }

  private FieldSet copy() {
    FieldSet copy = new FieldSet();
    copy.members.addAll(members);
    children.forEach((pe, child) -> copy.children.put(pe, child.copy()));
    return copy;
  }

  private static void putIfNotEmpty(FieldSet parent, PathElement pe, FieldSet child) {
    if (!child.isEmpty()) {
      parent.children.put(pe, child);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FieldSet set && paths().equals(set.paths());
  }

  @Override
  public int hashCode() {
    return paths().hashCode();
  }

  @Override
  public String toString() {
    List<String> described = new ArrayList<>();
    paths().forEach(path -> described.add(PathElement.describe(path)));
    return String.join("\n", described);
  }
}
