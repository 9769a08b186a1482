package io.informer4j.informer.internal;

import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.MalformedObjectException;
import java.util.function.UnaryOperator;

/**
 * The gate every object passes on its way from the source to the cache: it must have a name (and a
 * key the adapter can compute), then the transform runs, then the object takes its compact form
 * ({@link ObjectAdapter#compact}) unless the informer keeps objects as decoded. An object that fails
 * the name or the transform is malformed: the caller decides what that means for the cache (see
 * {@link MalformedObjectException}) and reports it here (logged with throttling, counted). An object
 * whose compact form fails is kept as it is, logged with throttling and counted. Thread-safe.
 *
 * @param <T> the object type
 */
final class ObjectIntake<T> {

  private final String informer;
  private final ObjectAdapter<T> adapter;
  private final UnaryOperator<T> transform;
  private final boolean compactObjects;
  private final InformerCounters counters;
  private final ThrottledWarning warning;

  ObjectIntake(String informer, ObjectAdapter<T> adapter, UnaryOperator<T> transform, boolean compactObjects,
               InformerCounters counters, ThrottledWarning warning) {
    this.informer = informer;
    this.adapter = adapter;
    this.transform = transform;
    this.compactObjects = compactObjects;
    this.counters = counters;
    this.warning = warning;
  }

  /**
   * Returns the object ready for the cache.
   *
   * @throws MalformedObjectException (not yet reported) when it has no name, the adapter cannot read
   *     it or the transform fails; carrying the object's key when the key could still be read
   */
  T admit(T object) {
    try {
      checkIdentity(object, "object");
      T ready = transform == null ? object : transform.apply(object);
      if (ready == null) {
        throw new MalformedObjectException("the transform returned null for " + adapter.key(object), keyOf(object), null,
            null);
      }
      if (ready != object) {
        checkIdentity(ready, "transformed object");
      }
      return compactObjects ? compact(ready) : ready;
    } catch (MalformedObjectException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new MalformedObjectException("cannot read or transform the object: " + e, keyOf(object), null, e);
    }
  }

  /** Returns the compact form of {@code object}, or the object itself (counted) when that fails. */
  private T compact(T object) {
    try {
      T compacted = adapter.compact(object);
      if (compacted != null) {
        return compacted;
      }
      keepAsDecoded(object, "the compact form is null");
    } catch (RuntimeException e) {
      keepAsDecoded(object, e.toString());
    }
    return object;
  }

  private void keepAsDecoded(T object, String problem) {
    counters.compactionFailures.increment();
    warning.log("informer {}: {} is cached as decoded, its compact form failed: {}", informer, keyOf(object), problem);
  }

  private void checkIdentity(T object, String what) {
    String name = adapter.name(object);
    if (name == null || name.isEmpty()) {
      throw new MalformedObjectException(what + " has no name (namespace '" + adapter.namespace(object) + "')", null);
    }
    adapter.namespace(object);
  }

  /** Returns the key of {@code object} when the adapter can read one, else null. */
  private ObjectKey keyOf(T object) {
    try {
      String name = adapter.name(object);
      return name == null || name.isEmpty() ? null : ObjectKey.of(adapter.namespace(object), name);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Reports a malformed object or event, from this gate or from the source. */
  void reject(MalformedObjectException problem) {
    counters.malformed.increment();
    warning.log("informer {}: a malformed object: {}", informer, problem.getMessage(), problem.getCause());
  }
}
