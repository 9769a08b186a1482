package io.informer4j.informer.internal;

import io.informer4j.meta.ObjectAdapter;
import io.informer4j.source.MalformedObjectException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.UnaryOperator;

/**
 * The gate every object passes on its way from the source to the cache: it must have a name (and a
 * key the adapter can compute), then the transform runs. An object that fails is reported as
 * malformed (logged with throttling, counted) and skipped; nothing else is affected. Thread-safe.
 *
 * @param <T> the object type
 */
final class ObjectIntake<T> {

  private final String informer;
  private final ObjectAdapter<T> adapter;
  private final UnaryOperator<T> transform;
  private final LongAdder malformed;
  private final ThrottledWarning warning;

  ObjectIntake(String informer, ObjectAdapter<T> adapter, UnaryOperator<T> transform, LongAdder malformed,
               ThrottledWarning warning) {
    this.informer = informer;
    this.adapter = adapter;
    this.transform = transform;
    this.malformed = malformed;
    this.warning = warning;
  }

  /** Returns the object ready for the cache, or null when it was malformed (already reported). */
  T admit(T object) {
    try {
      checkIdentity(object, "object");
      T ready = transform == null ? object : transform.apply(object);
      if (ready == null) {
        reject(new MalformedObjectException("the transform returned null for " + adapter.key(object), null));
        return null;
      }
      if (ready != object) {
        checkIdentity(ready, "transformed object");
      }
      return ready;
    } catch (MalformedObjectException e) {
      reject(e);
    } catch (RuntimeException e) {
      reject(new MalformedObjectException("cannot read or transform the object: " + e, e));
    }
    return null;
  }

  private void checkIdentity(T object, String what) {
    String name = adapter.name(object);
    if (name == null || name.isEmpty()) {
      throw new MalformedObjectException(what + " has no name (namespace '" + adapter.namespace(object) + "')", null);
    }
    adapter.namespace(object);
  }

  /** Reports a malformed object or event, from this gate or from the source. */
  void reject(MalformedObjectException problem) {
    malformed.increment();
    warning.log("informer {}: skipped a malformed object: {}", informer, problem.getMessage(), problem.getCause());
  }
}
