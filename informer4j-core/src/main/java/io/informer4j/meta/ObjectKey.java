package io.informer4j.meta;

import java.util.Objects;

/**
 * The identity of one object within its type: namespace and name.
 *
 * <p>The text form ({@link #toString()}) is the cache key: {@code "namespace/name"}, or just
 * {@code "name"} for cluster-scoped objects (empty namespace), as client-go's
 * {@code MetaNamespaceKeyFunc} builds it. {@link #parse(String)} is the inverse, as
 * {@code SplitMetaNamespaceKey}.
 *
 * <p>Immutable and thread-safe.
 *
 * @param namespace the namespace, {@code ""} for cluster-scoped objects; never null
 * @param name      the name; never null or empty
 */
public record ObjectKey(String namespace, String name) implements Comparable<ObjectKey> {

  /**
   * Validates the components.
   *
   * @throws NullPointerException     if a component is null
   * @throws IllegalArgumentException if the name is empty
   */
  public ObjectKey {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("object name must not be empty (namespace '" + namespace + "')");
    }
  }

  /** Returns the key of a namespaced object. */
  public static ObjectKey of(String namespace, String name) {
    return new ObjectKey(namespace == null ? "" : namespace, name);
  }

  /** Returns the key of a cluster-scoped object. */
  public static ObjectKey clusterScoped(String name) {
    return new ObjectKey("", name);
  }

  /**
   * Builds the cache key text without allocating an {@code ObjectKey}.
   *
   * @param namespace the namespace, null or empty for cluster-scoped objects
   * @param name      the name
   * @return {@code "namespace/name"} or {@code "name"}
   */
  public static String keyOf(String namespace, String name) {
    return namespace == null || namespace.isEmpty() ? name : namespace + "/" + name;
  }

  /**
   * Parses a cache key: one part is a cluster-scoped name, two parts are namespace and name.
   *
   * @throws InvalidKeyException if the key has more than one {@code /} or an empty name
   */
  public static ObjectKey parse(String key) {
    Objects.requireNonNull(key, "key");
    int slash = key.indexOf('/');
    if (slash < 0) {
      if (key.isEmpty()) {
        throw new InvalidKeyException(key, "the name is empty");
      }
      return new ObjectKey("", key);
    }
    if (key.indexOf('/', slash + 1) >= 0) {
      throw new InvalidKeyException(key, "it has more than one '/'");
    }
    String name = key.substring(slash + 1);
    if (name.isEmpty()) {
      throw new InvalidKeyException(key, "the name is empty");
    }
    return new ObjectKey(key.substring(0, slash), name);
  }

  /** Returns true when the namespace is empty. */
  public boolean isClusterScoped() {
    return namespace.isEmpty();
  }

  /** Orders by namespace, then name. */
  @Override
  public int compareTo(ObjectKey other) {
    int byNamespace = namespace.compareTo(other.namespace);
    return byNamespace != 0 ? byNamespace : name.compareTo(other.name);
  }

  /** Returns the cache key: {@code "namespace/name"} or {@code "name"}. */
  @Override
  public String toString() {
    return keyOf(namespace, name);
  }
}
