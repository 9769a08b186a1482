package io.informer4j.reader;

import io.informer4j.cache.IndexFunction;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.Scope;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Naming of field indexes and their keys, byte-identical to Go's {@code FieldIndexName} and
 * {@code KeyToNamespacedKey}, so indexes and tests carry over from controller-runtime.
 *
 * <p>A field index maps each value {@code v} of a field to {@code "<ns>/<v>"} (for objects in
 * namespace {@code ns}) and to {@code "__all_namespaces/<v>"} (for every object), so one index serves
 * lists in one namespace and across all namespaces. Stateless and thread-safe.
 */
public final class FieldIndexes {

  /** The namespace part of index keys that match in every namespace. */
  public static final String ALL_NAMESPACES = "__all_namespaces";

  private static final String FIELD_PREFIX = "field:";

  private FieldIndexes() {
  }

  /** Returns the name of the index over {@code field}: {@code "field:" + field}. */
  public static String fieldIndexName(String field) {
    return FIELD_PREFIX + Objects.requireNonNull(field, "field");
  }

  /**
   * Prefixes an index value with a namespace: {@code "<ns>/<baseKey>"}, or
   * {@code "__all_namespaces/<baseKey>"} when {@code ns} is empty (or null).
   */
  public static String keyToNamespacedKey(String ns, String baseKey) {
    Objects.requireNonNull(baseKey, "baseKey");
    return ns == null || ns.isEmpty() ? ALL_NAMESPACES + "/" + baseKey : ns + "/" + baseKey;
  }

  /**
   * Wraps a field extractor into the index function of its field index: for each value {@code v} it
   * emits {@code "__all_namespaces/<v>"} and, for objects with a namespace of a namespaced type,
   * also {@code "<ns>/<v>"}. It always builds a new list, never changing what the extractor returned.
   *
   * @param field     the field, named in errors
   * @param scope     the type's scope; for {@link Scope#CLUSTER} only the all-namespaces key is emitted
   * @param adapter   reads the object's namespace
   * @param extractor returns the field's values of an object (empty or null when it has none); a
   *                  null value is an error, counted by the indexer like any failing index function
   */
  public static <T> IndexFunction<T> indexFunction(String field, Scope scope, ObjectAdapter<T> adapter,
                                                    IndexFunction<T> extractor) {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(adapter, "adapter");
    Objects.requireNonNull(extractor, "extractor");
    return object -> {
      Collection<String> values = extractor.values(object);
      if (values == null || values.isEmpty()) {
        return List.of();
      }
      String namespace = scope == Scope.CLUSTER ? null : adapter.namespace(object);
      boolean namespaced = namespace != null && !namespace.isEmpty();
      List<String> keys = new ArrayList<>(namespaced ? 2 * values.size() : values.size());
      for (String value : values) {
        if (value == null) {
          throw new IllegalArgumentException("the extractor of field '" + field + "' returned a null value for "
              + adapter.key(object));
        }
        keys.add(keyToNamespacedKey("", value));
      }
      if (namespaced) {
        for (String value : values) {
          keys.add(keyToNamespacedKey(namespace, value));
        }
      }
      return keys;
    };
  }
}
