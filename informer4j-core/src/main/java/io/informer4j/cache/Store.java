package io.informer4j.cache;

import java.util.List;

/**
 * Read access to a cache of objects keyed by {@code "namespace/name"} (or {@code "name"}).
 *
 * <p>Thread-safe; reads never block on the network. Returned objects are the cached instances:
 * callers must not mutate them (use the adapter's deep copy, or the cache reader, when a mutable
 * copy is needed).
 *
 * @param <T> the object type
 */
public interface Store<T> {

  /** Returns the object under {@code key}, or null. */
  T get(String key);

  /** Returns a snapshot of every object, in no particular order. */
  List<T> list();

  /** Returns a snapshot of every key, in no particular order. */
  List<String> listKeys();

  /** Returns how many objects are cached. */
  int size();

  /**
   * Returns the resourceVersion the cache reflects: that of the last list applied, the last
   * bookmark, or the last object applied, whichever came last; {@code ""} before the first list.
   */
  String lastStoreSyncResourceVersion();
}
