package io.informer4j.meta;

import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * What the engine needs to know about an object type {@code T}, so that any Java type (fabric8
 * models, records, decoded etcd values) can be cached without a wrapper.
 *
 * <p>Implementations must be thread-safe and side-effect free: the engine calls them from many
 * threads, on the event path. They may throw for a malformed object (for example one without a
 * name); the engine then logs, counts and skips that object.
 *
 * @param <T> the object type
 */
public interface ObjectAdapter<T> {

  /** Returns the object's namespace; {@code ""} or null for cluster-scoped objects. */
  String namespace(T object);

  /** Returns the object's name; null or empty marks a malformed object. */
  String name(T object);

  /** Returns the object's resource version as sent by the server; opaque text, may be null. */
  String resourceVersion(T object);

  /** Returns the object's labels; never null (empty when it has none). */
  Map<String, String> labels(T object);

  /**
   * Returns a copy that shares no mutable state with {@code object}. Immutable types may return the
   * argument itself.
   */
  T deepCopy(T object);

  /**
   * Returns the form in which the cache keeps {@code object}: the same object in less memory, for
   * example with read-only compact collections ({@link CompactCollections}) and strings shared with
   * other cached objects ({@link SharedStrings}). It must keep every field (equal to what it was given,
   * with the same key) and may change {@code object} in place and return it. Compact objects may refuse
   * changes ({@link UnsupportedOperationException}); {@link #deepCopy} must still return an ordinary,
   * modifiable copy of one.
   *
   * <p>The informer calls it on every object it admits, after the transform, unless told to keep
   * objects as decoded ({@code SharedIndexInformer.Builder.compactObjects(false)},
   * {@code CacheConfig.withCompactObjects(false)}). The default returns {@code object} unchanged.
   *
   * @throws RuntimeException if the object cannot be compacted; it must then leave the object's content
   *     unchanged. The informer keeps such an object as it is, logs and counts it
   *     ({@code InformerStatus.compactionFailures})
   */
  default T compact(T object) {
    return object;
  }

  /**
   * Returns the value of a field path for field selectors, or null when the object has no such
   * field. The default knows {@code metadata.name} and {@code metadata.namespace}.
   */
  default String field(T object, String path) {
    return switch (path) {
      case "metadata.name" -> name(object);
      case "metadata.namespace" -> {
        String ns = namespace(object);
        yield ns == null ? "" : ns;
      }
      default -> null;
    };
  }

  /** Returns the cache key text, {@code "namespace/name"} or {@code "name"}. */
  default String key(T object) {
    return ObjectKey.keyOf(namespace(object), name(object));
  }

  /** Returns the object's key. */
  default ObjectKey objectKey(T object) {
    return ObjectKey.of(namespace(object), name(object));
  }

  /**
   * Starts an adapter built from functions, convenient for records and other simple types.
   *
   * @param namespace gives the namespace ({@code ""} or null when cluster-scoped)
   * @param name      gives the name
   * @param <T>       the object type
   */
  static <T> Builder<T> builder(Function<T, String> namespace, Function<T, String> name) {
    return new Builder<>(namespace, name);
  }

  /**
   * Builds an {@link ObjectAdapter} from functions. Unset parts default to: no resource version, no
   * labels, the object itself as its deep copy (right for immutable types only) and compact form, and the
   * {@code metadata.*} fields. Not thread-safe; the adapter it builds is.
   *
   * @param <T> the object type
   */
  final class Builder<T> {
    private final Function<T, String> namespace;
    private final Function<T, String> name;
    private Function<T, String> resourceVersion = o -> null;
    private Function<T, Map<String, String>> labels = o -> Map.of();
    private UnaryOperator<T> deepCopy = UnaryOperator.identity();
    private UnaryOperator<T> compact = UnaryOperator.identity();
    private BiFunction<T, String, String> fields = (o, path) -> null;

    private Builder(Function<T, String> namespace, Function<T, String> name) {
      this.namespace = Objects.requireNonNull(namespace, "namespace");
      this.name = Objects.requireNonNull(name, "name");
    }

    /** Sets how to read the resource version. */
    public Builder<T> resourceVersion(Function<T, String> resourceVersion) {
      this.resourceVersion = Objects.requireNonNull(resourceVersion);
      return this;
    }

    /** Sets how to read labels (the function must not return null). */
    public Builder<T> labels(Function<T, Map<String, String>> labels) {
      this.labels = Objects.requireNonNull(labels);
      return this;
    }

    /** Sets the deep copy; needed when {@code T} is mutable. */
    public Builder<T> deepCopy(UnaryOperator<T> deepCopy) {
      this.deepCopy = Objects.requireNonNull(deepCopy);
      return this;
    }

    /** Sets the compact form the cache keeps ({@link ObjectAdapter#compact}); none by default. */
    public Builder<T> compact(UnaryOperator<T> compact) {
      this.compact = Objects.requireNonNull(compact);
      return this;
    }

    /** Sets extra field paths; consulted before the {@code metadata.*} defaults. */
    public Builder<T> fields(BiFunction<T, String, String> fields) {
      this.fields = Objects.requireNonNull(fields);
      return this;
    }

    /** Returns the adapter. */
    public ObjectAdapter<T> build() {
      Function<T, String> ns = namespace;
      Function<T, String> nm = name;
      Function<T, String> rv = resourceVersion;
      Function<T, Map<String, String>> lb = labels;
      UnaryOperator<T> copy = deepCopy;
      UnaryOperator<T> compacted = compact;
      BiFunction<T, String, String> fx = fields;
      return new ObjectAdapter<>() {
        @Override public String namespace(T o) { return ns.apply(o); }
        @Override public String name(T o) { return nm.apply(o); }
        @Override public String resourceVersion(T o) { return rv.apply(o); }
        @Override public Map<String, String> labels(T o) { return lb.apply(o); }
        @Override public T deepCopy(T o) { return copy.apply(o); }
        @Override public T compact(T o) { return compacted.apply(o); }
        @Override public String field(T o, String path) {
          String value = fx.apply(o, path);
          return value != null ? value : ObjectAdapter.super.field(o, path);
        }
      };
    }
  }
}
