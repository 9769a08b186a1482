package io.informer4j.source;

import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.meta.UnknownTypeException;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The one SPI an API implements to be cached by informer4j: list and watch any type it serves,
 * say what it knows about types, and, if it can, whether a type is served. The Kubernetes backend
 * (typed, dynamic and metadata-only objects), the etcd backend and the testkit's simulated API
 * implement it; every implementation should pass the testkit's {@code BackendContract}.
 *
 * <p>Implementations are thread-safe. Methods other than {@link #presence} do not contact the API.
 */
public interface Backend {

  /**
   * Returns the source of {@code type}'s objects. The source serves any selection (namespace, label
   * and field selectors come with each list and watch request) and delivers instances of
   * {@code type.javaClass()}. Called once per informer; cheap.
   *
   * @throws UnknownTypeException if this backend cannot serve the type in that representation
   */
  <T> ListerWatcher<T> listerWatcher(ObjectType<T> type);

  /**
   * Returns what this backend knows about types: their scope, and the type a Java class of typed
   * objects stands for.
   */
  TypeRegistry types();

  /**
   * Returns the objects of the type {@code javaClass} stands for, as instances of that class (a typed
   * model such as fabric8's {@code ConfigMap}).
   *
   * @throws UnknownTypeException if the class is not a typed representation this backend knows
   */
  default <T> ObjectType<T> type(Class<T> javaClass) {
    throw new UnknownTypeException(javaClass.getName() + " (this backend has no typed representations)");
  }

  /**
   * Tells whether {@code type} is served; blocks for one discovery request at most, never throws
   * (failures are {@link TypePresence.Kind#UNKNOWN} or {@link TypePresence.Kind#FORBIDDEN}). A type
   * found {@link TypePresence.Kind#ABSENT} is registered as missing and its informer runs once it
   * appears. The default, for backends without discovery, answers present: a type that is not
   * served then shows as missing when its informer is told so (type not found).
   */
  default TypePresence presence(TypeKey type) {
    return TypePresence.present(types().scope(type).orElse(null));
  }

  /**
   * Asks to be told as soon as new types may have appeared (for Kubernetes: a CRD was created or
   * became established), so missing types are checked at once rather than at the next periodic
   * check. The default offers no such signal.
   *
   * @param listener called with the type that appeared, from any thread; must return quickly
   * @return a handle that stops the notifications
   */
  default AutoCloseable onTypeAdded(Consumer<TypeKey> listener) {
    return () -> { };
  }

  /**
   * Returns a backend over a fixed table of types whose sources {@code sources} builds, for an API
   * without discovery (any list-watch API: REST, gRPC, a database's change feed). The function is
   * called once per informer and must return a source delivering instances of the type's class.
   */
  @SuppressWarnings("unchecked")
  static Backend of(TypeRegistry types, Function<ObjectType<?>, ListerWatcher<?>> sources) {
    Objects.requireNonNull(types, "types");
    Objects.requireNonNull(sources, "sources");
    return new Backend() {
      @Override
      public <T> ListerWatcher<T> listerWatcher(ObjectType<T> type) {
        return (ListerWatcher<T>) Objects.requireNonNull(sources.apply(type), () -> "no source for " + type);
      }

      @Override
      public TypeRegistry types() {
        return types;
      }
    };
  }

  /**
   * Returns whether the resourceVersions of {@code type}'s objects are ordered numbers
   * ({@link ResourceVersionOrder#NUMERIC}: a Kubernetes server of version 1.35 or later, etcd's mod
   * revisions) or opaque text. Read-your-writes compares versions only under {@code NUMERIC}; under
   * {@code OPAQUE} it waits for the exact version written or a later change. Default: opaque, which
   * is always safe.
   */
  default ResourceVersionOrder resourceVersionOrder(TypeKey type) {
    return ResourceVersionOrder.OPAQUE;
  }

  /** Returns a short description for logs and status, such as the server's address. */
  default String description() {
    return getClass().getSimpleName();
  }
}
