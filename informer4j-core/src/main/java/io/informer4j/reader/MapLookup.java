package io.informer4j.reader;

/**
 * What {@link InformersMap#get} returns: whether the map had been started, and the entry.
 *
 * @param started true once the map was started (also after it stopped); when false the entry's cache
 *                is still empty, and readers should report {@link CacheNotStartedException}
 * @param entry   the informer and its reader
 * @param <T>     the object type
 */
public record MapLookup<T>(boolean started, MapEntry<T> entry) {
}
