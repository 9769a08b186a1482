package io.informer4j.testkit;

import java.util.List;

/**
 * One page read from a {@link TypeStore}.
 *
 * @param items     the matching objects, in key order
 * @param revision  the version the page was read at
 * @param lastKey   the key of the last item, where the next page starts; null when empty
 * @param hasMore   whether matching objects follow
 * @param remaining how many matching objects follow, when counted; null otherwise
 */
record Page(List<SimObject> items, long revision, String lastKey, boolean hasMore, Long remaining) {
}
