package io.informer4j.etcd;

import io.informer4j.meta.CompactCollections;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.SharedStrings;
import io.informer4j.meta.TypeKey;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A decoded value with the identity and version etcd gives it, for value types that carry neither
 * (records, POJOs, plain strings): the cache holds {@code EtcdObject<V>} and handlers read
 * {@link #value()}.
 *
 * <p>Immutable when {@code V} is.
 *
 * @param namespace      the namespace from the key, {@code ""} for a cluster-scoped type
 * @param name           the name from the key
 * @param revision       the revision the object is at (its resourceVersion)
 * @param createRevision the revision that created the key
 * @param value          the decoded value
 * @param <V>            the value type
 */
public record EtcdObject<V>(String namespace, String name, long revision, long createRevision, V value) {

  /** @throws NullPointerException if a component is null */
  public EtcdObject {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
  }

  /** Wraps a value decoded from {@code entry}. */
  public static <V> EtcdObject<V> of(EtcdEntry entry, V value) {
    return new EtcdObject<>(entry.key().namespace(), entry.key().name(), entry.revision(), entry.createRevision(), value);
  }

  /** Returns the revision as text. */
  public String resourceVersion() {
    return Long.toString(revision);
  }

  /** Returns {@code "namespace/name"} or {@code "name"}. */
  public String key() {
    return io.informer4j.meta.ObjectKey.keyOf(namespace, name);
  }

  /**
   * Returns the objects of {@code key} as {@code EtcdObject<V>}s read with {@code adapter}
   * (representation {@code EtcdObject}), to add to an {@link EtcdTypes} catalog and to register,
   * watch and read without casts.
   */
  public static <V> ObjectType<EtcdObject<V>> type(TypeKey key, ObjectAdapter<EtcdObject<V>> adapter) {
    return ObjectType.ofGeneric(key, "EtcdObject", EtcdObject.class, adapter);
  }

  /**
   * Returns the form in which the cache keeps this object: the namespace shared with other objects
   * ({@link SharedStrings}) and, when the value is a map or list (JSON decoded as {@code Map.class}),
   * the value as a compact read-only tree ({@link CompactCollections#tree}). Other values are kept as
   * they are. Equal to this object.
   */
  public EtcdObject<V> compact() {
    return new EtcdObject<>(SharedStrings.of(namespace), name, revision, createRevision, compactValue(value));
  }

  /**
   * Returns a copy whose value, when it is a map or list, is a modifiable deep copy; this object
   * itself for other values (right when they are immutable). Equal to this object.
   */
  public EtcdObject<V> modifiableCopy() {
    return isTree(value) ? withValue(CompactCollections.modifiableTree(value)) : this;
  }

  private static boolean isTree(Object value) {
    return value instanceof Map<?, ?> || value instanceof List<?>;
  }

  @SuppressWarnings("unchecked")
  private static <V> V compactValue(V value) {
    return isTree(value) ? (V) CompactCollections.tree(value) : value;
  }

  @SuppressWarnings("unchecked")
  private EtcdObject<V> withValue(Object newValue) {
    return new EtcdObject<>(namespace, name, revision, createRevision, (V) newValue);
  }

  /**
   * Returns an adapter for values without labels or fields; the cache keeps objects in their
   * {@link #compact} form and the deep copy is {@link #modifiableCopy}.
   */
  public static <V> ObjectAdapter<EtcdObject<V>> adapter() {
    return adapter(value -> Map.of(), (value, path) -> null);
  }

  /**
   * Returns an adapter that reads labels and field-selector fields from the value. The cache keeps
   * objects in their {@link #compact} form; the deep copy is {@link #modifiableCopy} (the object itself
   * unless the value is a map or list, right when {@code V} is immutable).
   *
   * @param labels the value's labels, never null
   * @param fields the value of a field path, or null when the value has none; {@code metadata.name}
   *               and {@code metadata.namespace} are answered from the key
   */
  public static <V> ObjectAdapter<EtcdObject<V>> adapter(Function<V, Map<String, String>> labels,
                                                         BiFunction<V, String, String> fields) {
    Objects.requireNonNull(labels, "labels");
    Objects.requireNonNull(fields, "fields");
    return ObjectAdapter.<EtcdObject<V>>builder(EtcdObject::namespace, EtcdObject::name)
        .resourceVersion(EtcdObject::resourceVersion)
        .compact(EtcdObject::compact)
        .deepCopy(EtcdObject::modifiableCopy)
        .labels(object -> labels.apply(object.value()))
        .fields((object, path) -> fields.apply(object.value(), path))
        .build();
  }
}
