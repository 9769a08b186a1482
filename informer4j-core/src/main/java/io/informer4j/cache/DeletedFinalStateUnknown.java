package io.informer4j.cache;

import java.util.Objects;

/**
 * A tombstone: an object the cache held that a relist no longer returned. It was deleted at some
 * point the watch did not see, so its final state is unknown; {@link #lastKnownState()} is what the
 * cache last held.
 *
 * @param key            the cache key, {@code "namespace/name"} or {@code "name"}
 * @param lastKnownState the object as last cached; never null
 * @param <T>            the object type
 */
public record DeletedFinalStateUnknown<T>(String key, T lastKnownState) {

  /** @throws NullPointerException if a component is null */
  public DeletedFinalStateUnknown {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(lastKnownState, "lastKnownState");
  }
}
