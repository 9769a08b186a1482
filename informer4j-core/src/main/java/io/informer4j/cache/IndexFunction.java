package io.informer4j.cache;

import java.util.Collection;

/**
 * Computes the values under which an object is indexed, for example its namespace or the names of
 * its owners.
 *
 * <p>Must be deterministic and side-effect free; it is called under the store's write lock. If it
 * throws, the object is left out of that index only, and the error is logged and counted.
 *
 * @param <T> the object type
 */
@FunctionalInterface
public interface IndexFunction<T> {

  /** Returns the index values of {@code object}; empty (or null) when it is not indexed. */
  Collection<String> values(T object);
}
