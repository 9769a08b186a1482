/**
 * The informer's cache: {@link io.informer4j.cache.Store} and {@link io.informer4j.cache.Indexer}
 * (objects by {@code namespace/name} key, with secondary indexes computed by
 * {@link io.informer4j.cache.IndexFunction}s), the thread-safe implementation
 * {@link io.informer4j.cache.ThreadSafeIndexer}, and tombstones
 * ({@link io.informer4j.cache.DeletedFinalStateUnknown}) for deletes seen only through a relist.
 * Reads never block on the network and never block writers for long; returned objects are the
 * cached instances and must not be mutated. Index functions must be deterministic and free of side
 * effects. Package-private classes are the index tables, not API.
 */
package io.informer4j.cache;
