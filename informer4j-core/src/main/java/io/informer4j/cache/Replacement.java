package io.informer4j.cache;

import java.util.List;

/**
 * What replacing a store's whole content changed, computed atomically with the replacement.
 *
 * @param deleted  tombstones of the objects the new content no longer has
 * @param items    the new content, one item per key, in the order given
 * @param previous for each item, at the same index, the object it replaced under its key, or null
 *                 when the key is new
 * @param <T>      the object type
 */
public record Replacement<T>(List<DeletedFinalStateUnknown<T>> deleted, List<T> items, List<T> previous) {
}
