/**
 * The informers map and the cache readers: {@link io.informer4j.reader.InformersMap} is the only
 * owner of informers, one per type, representation and selection, created once on first use for
 * any {@link io.informer4j.source.Backend}; {@link io.informer4j.reader.CacheReader} answers get and
 * list from the cache with label selectors and field indexes, returning deep copies unless told
 * otherwise; {@link io.informer4j.reader.CacheOptions} sets what is cached, per type and namespace.
 * Every failed read is a typed {@link io.informer4j.reader.CacheException}. The map and its readers
 * are thread-safe; a read after start blocks only until the informer synced or the caller's
 * deadline. Package-private classes (assembly, routing readers, presence checks) are not API.
 */
package io.informer4j.reader;
