package io.informer4j.informer.internal;

import java.util.List;
import java.util.Map;

/**
 * One change waiting between the reflector and the cache, in source order. Immutable.
 *
 * @param <T> the object type
 */
sealed interface Delta<T> {

  /** Returns true when the change can share a store transaction with neighbours. */
  default boolean batchable() {
    return false;
  }

  /** An ADDED or MODIFIED event: store the object. */
  record Upsert<T>(T object) implements Delta<T> {
    @Override
    public boolean batchable() {
      return true;
    }
  }

  /** A DELETED event: remove the object. */
  record Remove<T>(T lastState) implements Delta<T> {
    @Override
    public boolean batchable() {
      return true;
    }
  }

  /**
   * A DELETED event whose object could not be read but whose key could: remove what is cached
   * under the key.
   */
  record RemoveKey<T>(String key) implements Delta<T> {
    @Override
    public boolean batchable() {
      return true;
    }
  }

  /**
   * An ADDED or MODIFIED event whose object could not be read but whose key could: the cached
   * version (if any) stays, marked stale until a readable state of the key arrives.
   */
  record MarkStale<T>(String key, String reason) implements Delta<T> {
    @Override
    public boolean batchable() {
      return true;
    }
  }

  /**
   * A complete list: replace the cache atomically.
   *
   * @param unreadable the keys of items the list could not read, by key, with the reason: their
   *                   cached versions stay, marked stale
   */
  record ReplaceAll<T>(List<T> objects, String resourceVersion, Map<String, String> unreadable) implements Delta<T> {
  }

  /** A resync: re-deliver every cached object to the handlers that are due. */
  record SyncAll<T>(List<HandlerLane<T>> dueHandlers) implements Delta<T> {
  }

  /** A bookmark: the source has seen everything up to the version. */
  record Bookmark<T>(String resourceVersion) implements Delta<T> {
  }
}
