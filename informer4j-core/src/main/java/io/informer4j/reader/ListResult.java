package io.informer4j.reader;

import java.util.List;
import java.util.Objects;

/**
 * What a {@link CacheReader#list} returns. Immutable list; thread-safe if its objects are.
 *
 * @param items           the matching objects, ordered by namespace and then name (each a deep copy
 *                        unless deep copy was disabled)
 * @param resourceVersion the resourceVersion the cache reflected when read (for several namespaces:
 *                        that of the last one read); {@code ""} before the first list
 * @param <T>             the object type
 */
public record ListResult<T>(List<T> items, String resourceVersion) {

  /** Copies the items into an immutable list. */
  public ListResult {
    items = List.copyOf(items);
    Objects.requireNonNull(resourceVersion, "resourceVersion");
  }
}
