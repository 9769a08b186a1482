package io.informer4j.reader;

import io.informer4j.meta.TypeKey;
import io.informer4j.meta.TypeRegistry;
import io.informer4j.source.ListerWatcher;

/**
 * Builds the source of one informer of an {@link InformersMap}: the seed's
 * {@code CreateListWatcherFunc}, extended with the representation so a typed and a dynamic informer
 * of one type can get different sources. This is how any API (REST, gRPC, a database change feed)
 * feeds the map.
 *
 * <p>Called once per (type, representation) and namespace, when the informer is created, outside any
 * lock of the map; other types are never blocked by a slow call. It should only build a client
 * object and not contact the API. If it throws, nothing is registered and the caller of
 * {@code get} receives the exception; a later {@code get} calls it again. Implementations must be
 * thread-safe.
 */
@FunctionalInterface
public interface ListWatcherFactory {

  /**
   * Returns the source of objects of {@code type}, which must deliver instances of
   * {@code representation.javaClass()} (others are skipped as malformed and counted).
   *
   * @param type           the type to list and watch
   * @param namespace      the namespace to cover, {@code ""} for all namespaces and always
   *                       {@code ""} for cluster-scoped types; the same namespace is also in every
   *                       list and watch request's selection
   * @param registry       the map's type registry (scopes, classes)
   * @param representation the Java representation wanted
   * @return the source; never null
   */
  ListerWatcher<?> create(TypeKey type, String namespace, TypeRegistry registry, Representation<?> representation);
}
