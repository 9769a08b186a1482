package io.informer4j.reader;

import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.source.MalformedObjectException;
import java.util.function.UnaryOperator;

/**
 * The checks an informers-map informer applies to every object before caching it, run as the
 * informer's transform (so a rejected object is logged, counted as malformed and skipped):
 * <ul>
 *   <li>it is an instance of the type's class;
 *   <li>its key splits back into namespace and name, and cannot collide with field-index keys: the
 *       name has no {@code /}, the namespace has no {@code /} and is not {@code __all_namespaces};
 *   <li>an object of a cluster-scoped type has no namespace (or reads by name would miss it);
 * </ul>
 * then the configured transform runs and its result is checked again. Thread-safe.
 *
 * @param <T> the object type
 */
final class ObjectGate<T> implements UnaryOperator<T> {

  private final ObjectType<T> type;
  private final Scope scope;
  private final UnaryOperator<Object> transform;

  /** @param transform the configured transform, or null for none */
  ObjectGate(ObjectType<T> type, Scope scope, UnaryOperator<Object> transform) {
    this.type = type;
    this.scope = scope;
    this.transform = transform;
  }

  /** Returns the checked (and transformed) object; null when the transform returned null. */
  @Override
  public T apply(T object) {
    T checked = check(object, "object");
    if (transform == null) {
      return checked;
    }
    Object transformed = transform.apply(checked);
    return transformed == null ? null : check(transformed, "transformed object");
  }

  private T check(Object object, String what) {
    if (!type.javaClass().isInstance(object)) {
      throw new MalformedObjectException(type + ": " + what + " is a " + object.getClass().getName() + ", not a "
          + type.javaClass().getName(), null);
    }
    T typed = type.javaClass().cast(object);
    ObjectAdapter<T> adapter = type.adapter();
    String namespace = adapter.namespace(typed);
    String name = adapter.name(typed);
    if (name != null && name.indexOf('/') >= 0) {
      throw malformed(what, namespace, name, "its name contains '/'");
    }
    if (namespace != null && !namespace.isEmpty()) {
      if (scope == Scope.CLUSTER) {
        throw malformed(what, namespace, name, "it has a namespace, but its type is cluster-scoped");
      }
      if (namespace.indexOf('/') >= 0) {
        throw malformed(what, namespace, name, "its namespace contains '/'");
      }
      if (namespace.equals(FieldIndexes.ALL_NAMESPACES)) {
        throw malformed(what, namespace, name, "its namespace is the reserved " + FieldIndexes.ALL_NAMESPACES);
      }
    }
    return typed;
  }

  private MalformedObjectException malformed(String what, String namespace, String name, String reason) {
    String key = "namespace '" + namespace + "', name '" + name + "'";
    return new MalformedObjectException(type + ": " + what + " (" + key + ") cannot be cached: " + reason, null);
  }
}
