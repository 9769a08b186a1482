package io.informer4j.reader;

import io.informer4j.meta.ObjectAdapter;
import java.util.Objects;

/**
 * How the objects of a type are represented in Java: the class of the objects and the adapter that
 * reads them. One type can be cached in several representations at once (for Kubernetes: a typed
 * model class, a generic map-based resource, metadata only); each gets its own informer, so they
 * never collide.
 *
 * <p>Two representations are equal when their names and classes are equal; the adapter is not part
 * of the identity, so equal representations must carry interchangeable adapters. Immutable and
 * thread-safe.
 *
 * @param <T> the object type
 */
public final class Representation<T> {

  private final String name;
  private final Class<T> javaClass;
  private final ObjectAdapter<T> adapter;

  private Representation(String name, Class<T> javaClass, ObjectAdapter<T> adapter) {
    this.name = Objects.requireNonNull(name, "name");
    this.javaClass = Objects.requireNonNull(javaClass, "javaClass");
    this.adapter = Objects.requireNonNull(adapter, "adapter");
    if (name.isBlank()) {
      throw new IllegalArgumentException("representation name must not be blank (class " + javaClass.getName() + ")");
    }
  }

  /**
   * Returns the representation of objects of {@code javaClass}, named after the class's simple name.
   *
   * @throws NullPointerException if an argument is null
   */
  public static <T> Representation<T> of(Class<T> javaClass, ObjectAdapter<T> adapter) {
    return new Representation<>(javaClass.getSimpleName(), javaClass, adapter);
  }

  /**
   * Returns a named representation, for when one class serves several representations (for example
   * {@code "metadata"} next to {@code "dynamic"}, both as generic maps).
   *
   * @throws IllegalArgumentException if the name is blank
   */
  public static <T> Representation<T> of(String name, Class<T> javaClass, ObjectAdapter<T> adapter) {
    return new Representation<>(name, javaClass, adapter);
  }

  /** Returns the name, used in informer names and error messages. */
  public String name() {
    return name;
  }

  /** Returns the class every cached object of this representation is an instance of. */
  public Class<T> javaClass() {
    return javaClass;
  }

  /** Returns the adapter that reads identity, labels, fields and deep copies. */
  public ObjectAdapter<T> adapter() {
    return adapter;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Representation<?> other && name.equals(other.name) && javaClass.equals(other.javaClass);
  }

  @Override
  public int hashCode() {
    return 31 * name.hashCode() + javaClass.hashCode();
  }

  /** Returns the name and the class, for example {@code "typed(io.example.Pod)"}. */
  @Override
  public String toString() {
    return name + "(" + javaClass.getName() + ")";
  }
}
