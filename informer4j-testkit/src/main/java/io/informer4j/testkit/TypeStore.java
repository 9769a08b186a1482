package io.informer4j.testkit;

import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.FieldRequirement;
import io.informer4j.source.InvalidRequestException;
import io.informer4j.source.Selection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The objects of one installed type: every key's {@link VersionChain} in key order (as etcd orders
 * {@code /registry/<type>/<namespace>/<name>}), and the type's open watches.
 *
 * <p>Not thread-safe except {@link #watches()}: everything else is guarded by the {@link Storage}
 * lock.
 */
final class TypeStore {

  private static final Set<String> METADATA_FIELDS = Set.of("metadata.name", "metadata.namespace");

  private final TypeKey type;
  private final Scope scope;
  private final Set<String> selectableFields;
  private final long installedAt;
  private final TreeMap<String, VersionChain> objects = new TreeMap<>();
  private final Set<ServerWatch> watches = ConcurrentHashMap.newKeySet();

  /**
   * @param selectableFields the field paths selectors may use besides {@code metadata.name} and
   *                         {@code metadata.namespace}; null for any path
   * @param installedAt      the revision at installation; lists cannot read before it
   */
  TypeStore(TypeKey type, Scope scope, Set<String> selectableFields, long installedAt) {
    this.type = type;
    this.scope = scope;
    this.selectableFields = selectableFields == null ? null : Set.copyOf(selectableFields);
    this.installedAt = installedAt;
  }

  TypeKey type() {
    return type;
  }

  Scope scope() {
    return scope;
  }

  long installedAt() {
    return installedAt;
  }

  /** Returns the open watches; a concurrent set, safe to use without the lock. */
  Set<ServerWatch> watches() {
    return watches;
  }

  /**
   * Checks that an object may be written to this type: a name, and a namespace exactly when the
   * type is namespaced.
   *
   * @throws IllegalArgumentException naming the type and key otherwise
   */
  void checkIdentity(SimObject object) {
    if (object.name().isEmpty()) {
      throw new IllegalArgumentException("an object of " + type + " needs a name (namespace '" + object.namespace() + "')");
    }
    boolean hasNamespace = !object.namespace().isEmpty();
    if (hasNamespace != (scope == Scope.NAMESPACED)) {
      throw new IllegalArgumentException(type + " is " + scope + " but '" + object.key() + "' "
          + (hasNamespace ? "has a namespace" : "has no namespace"));
    }
  }

  /**
   * Checks a request's selection against the type, as the API server does.
   *
   * @throws InvalidRequestException (400) for a namespace on a cluster-scoped type or a field the
   *                                 type cannot select on
   */
  void checkSelection(Selection selection) {
    if (selection.isNamespaced() && scope == Scope.CLUSTER) {
      throw new InvalidRequestException(type + " is cluster-scoped; it cannot be read in namespace '"
          + selection.namespace() + "'", 400);
    }
    if (selectableFields == null) {
      return;
    }
    for (FieldRequirement requirement : selection.fields().requirements()) {
      String field = requirement.field();
      if (!METADATA_FIELDS.contains(field) && !selectableFields.contains(field)) {
        throw new InvalidRequestException("field label not supported for " + type + ": " + field, 400);
      }
    }
  }

  /** Returns the chain of {@code key}, or null when the key has none. */
  VersionChain chain(String key) {
    return objects.get(key);
  }

  /** Returns the chain of {@code key}, creating an empty one when needed. */
  VersionChain chainForWrite(String key) {
    return objects.computeIfAbsent(key, k -> new VersionChain());
  }

  /** Applies the compaction of a write to its key (see {@link VersionChain#forgetBefore}). */
  void forget(ChangeRecord change) {
    VersionChain chain = objects.get(change.key());
    if (chain != null && chain.forgetBefore(change.revision())) {
      objects.remove(change.key());
    }
  }

  /** Returns the keys that currently hold an object. */
  List<String> liveKeys() {
    List<String> keys = new ArrayList<>();
    objects.forEach((key, chain) -> {
      if (chain.latest() != null) {
        keys.add(key);
      }
    });
    return keys;
  }

  /**
   * Reads matching objects as of {@code revision}, in key order.
   *
   * @param startAfter     read keys after this one; null to start at the beginning
   * @param limit          the most items to return; 0 for all
   * @param countRemaining whether to count the matching items after the page
   */
  Page read(SelectionFilter filter, long revision, String startAfter, long limit, boolean countRemaining) {
    List<SimObject> items = new ArrayList<>(limit > 0 ? (int) Math.min(limit, 4096) : Math.min(objects.size(), 1 << 16));
    String lastKey = null;
    boolean hasMore = false;
    long remaining = 0;
    Selection selection = filter.selection();
    String namespace = selection.isNamespaced() ? selection.namespace() : null;
    for (Map.Entry<String, VersionChain> entry : range(namespace, startAfter).entrySet()) {
      SimObject object = entry.getValue().at(revision);
      if (object == null || !filter.matches(object)) {
        continue;
      }
      if (limit > 0 && items.size() == limit) {
        hasMore = true;
        if (!countRemaining) {
          break;
        }
        remaining++;
        continue;
      }
      items.add(object);
      lastKey = entry.getKey();
    }
    return new Page(items, revision, lastKey, hasMore, hasMore && countRemaining ? remaining : null);
  }

  /** Returns the objects of {@code namespace} (null: every namespace) after {@code startAfter} (null: all). */
  private NavigableMap<String, VersionChain> range(String namespace, String startAfter) {
    String from = namespace == null ? null : namespace + "/";
    boolean fromInclusive = true;
    String to = namespace == null ? null : namespace + (char) ('/' + 1);
    if (startAfter != null && (from == null || startAfter.compareTo(from) >= 0)) {
      from = startAfter;
      fromInclusive = false;
    }
    if (from == null) {
      return to == null ? objects : objects.headMap(to, false);
    }
    if (to == null) {
      return objects.tailMap(from, fromInclusive);
    }
    return from.compareTo(to) >= 0 ? new TreeMap<>() : objects.subMap(from, fromInclusive, to, false);
  }
}
