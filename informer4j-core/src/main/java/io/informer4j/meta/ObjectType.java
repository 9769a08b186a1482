package io.informer4j.meta;

import java.util.Objects;

/**
 * The objects of one API type as one Java representation: the type's key, the Java class its
 * objects are decoded to, and the adapter that reads them. A type can be cached in several
 * representations at once (for Kubernetes: a typed model, a generic map-based resource, metadata
 * only); each has its own informer, so they never collide.
 *
 * <p>A backend hands these out ({@code backend.type(ConfigMap.class)}, a dynamic type, an etcd type
 * with its codec), so code that registers, watches or reads a type needs no cast, whatever the
 * representation's generic shape.
 *
 * <p>Two object types are equal when their keys, representation names and classes are equal; the
 * adapter is not part of the identity, so equal object types must carry interchangeable adapters.
 * Immutable and thread-safe.
 *
 * @param <T> the Java class of the objects
 */
public final class ObjectType<T> {

  private final TypeKey key;
  private final String representation;
  private final Class<T> javaClass;
  private final ObjectAdapter<T> adapter;

  private ObjectType(TypeKey key, String representation, Class<T> javaClass, ObjectAdapter<T> adapter) {
    this.key = Objects.requireNonNull(key, "key");
    this.representation = Objects.requireNonNull(representation, "representation");
    this.javaClass = Objects.requireNonNull(javaClass, "javaClass");
    this.adapter = Objects.requireNonNull(adapter, "adapter");
    if (representation.isBlank()) {
      throw new IllegalArgumentException("the representation of " + key + " must have a name");
    }
  }

  /**
   * Returns the objects of {@code key} as instances of {@code javaClass}, a representation named
   * after the class's simple name.
   */
  public static <T> ObjectType<T> of(TypeKey key, Class<T> javaClass, ObjectAdapter<T> adapter) {
    return new ObjectType<>(key, javaClass.getSimpleName(), javaClass, adapter);
  }

  /**
   * Returns a named representation, for when one class serves several (for example
   * {@code "metadata"} next to {@code "dynamic"}, both as generic maps).
   *
   * @throws IllegalArgumentException if the name is blank
   */
  public static <T> ObjectType<T> of(TypeKey key, String representation, Class<T> javaClass, ObjectAdapter<T> adapter) {
    return new ObjectType<>(key, representation, javaClass, adapter);
  }

  /**
   * Returns the representation of {@code key} by a class whose generic shape a class literal cannot
   * express (such as {@code EtcdObject<Widget>}); for backends, which know what they decode.
   */
  @SuppressWarnings("unchecked")
  public static <T> ObjectType<T> ofGeneric(TypeKey key, String representation, Class<?> rawClass,
                                            ObjectAdapter<T> adapter) {
    return new ObjectType<>(key, representation, (Class<T>) rawClass, adapter);
  }

  /** Returns the type's key. */
  public TypeKey key() {
    return key;
  }

  /** Returns the representation's name, used in informer names and messages. */
  public String representation() {
    return representation;
  }

  /** Returns the class every object of this representation is an instance of. */
  public Class<T> javaClass() {
    return javaClass;
  }

  /** Returns the adapter that reads identity, labels, fields and deep copies. */
  public ObjectAdapter<T> adapter() {
    return adapter;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ObjectType<?> other && key.equals(other.key) && representation.equals(other.representation)
        && javaClass.equals(other.javaClass);
  }

  @Override
  public int hashCode() {
    return Objects.hash(key, representation, javaClass);
  }

  /** Returns the key and the representation, for example {@code "/v1, Kind=Pod as Pod"}. */
  @Override
  public String toString() {
    return key + " as " + representation;
  }
}
