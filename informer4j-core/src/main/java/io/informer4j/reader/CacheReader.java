package io.informer4j.reader;

import io.informer4j.meta.ObjectKey;
import java.util.Optional;

/**
 * Reads one type (in one representation) from the informer cache, never from the API.
 *
 * <p>{@code get} and {@code list} return deep copies made by the representation's adapter
 * ({@link io.informer4j.meta.ObjectAdapter#deepCopy}): ordinary, modifiable objects, which callers may
 * change without changing the cache. Without deep copy — disabled for the type
 * ({@link CacheConfig#unsafeDisableDeepCopy()}) or for the call ({@link GetOptions#withoutDeepCopy()})
 * — callers receive the cached instances themselves: a zero-copy view that must not be modified. As
 * the cache keeps objects in their compact form by default ({@link io.informer4j.meta.ObjectAdapter#compact}),
 * that view is read-only where the compact form made it so (for Kubernetes objects, every map and
 * list: changing them throws {@link UnsupportedOperationException}).
 *
 * <p>Lists are ordered by namespace and then by name (both compared as strings), so results and
 * {@code limit} are deterministic; sorting costs O(m log m) in the m matching objects.
 *
 * <p>Thread-safe. Reads from a started, synced cache never block.
 *
 * @param <T> the object type
 */
public interface CacheReader<T> {

  /**
   * Returns the object under {@code key}. For cluster-scoped types the key's namespace is ignored.
   *
   * @throws NotFoundException       if no such object is cached
   * @throws CacheNotStartedException if the map has not been started (the read registered the
   *                                  type's informers, which start with the map)
   * @throws CacheTimeoutException   if the informer did not sync within the cache's read timeout
   * @throws TypeNotServedException  if the backend does not serve the type (yet): never a
   *     {@link NotFoundException} for an object whose type is not installed
   *                                  (readers from {@link InformersMap#reader} only)
   */
  T get(ObjectKey key, GetOptions options);

  /** Returns the object under {@code key} as {@link #get(ObjectKey, GetOptions)} with default options. */
  default T get(ObjectKey key) {
    return get(key, GetOptions.defaults());
  }

  /**
   * Returns the object under {@code key} as {@link #get(ObjectKey)} does, or empty when no such object
   * is cached (for a reconciler, the object is gone).
   *
   * @throws CacheException as {@link #get(ObjectKey, GetOptions)}, except {@link NotFoundException}
   */
  default Optional<T> find(ObjectKey key) {
    try {
      return Optional.of(get(key));
    } catch (NotFoundException gone) {
      return Optional.empty();
    }
  }

  /**
   * Returns the objects matching {@code options}. A namespace is looked up through the namespace
   * index (and ignored for cluster-scoped types); the label selector is applied in memory; each
   * field-selector term must be exact and backed by a field index: the first term is looked up in
   * its index under {@link FieldIndexes#keyToNamespacedKey} of the namespace and value, the others are
   * checked with their index functions.
   *
   * @throws UnsupportedFieldSelectorException if a field-selector term is not exact
   * @throws MissingIndexException             if a field-selector term has no index
   * @throws UnsupportedListOptionException    if a continue token is given
   * @throws CacheNotStartedException          as for {@link #get(ObjectKey, GetOptions)}
   * @throws CacheTimeoutException             as for {@link #get(ObjectKey, GetOptions)}
   * @throws TypeNotServedException            as for {@link #get(ObjectKey, GetOptions)}: never an empty
   *                                           list for a type that is not installed
   * @throws UnknownNamespaceException         if the namespace is not cached for the type
   *                                           (readers from {@link InformersMap#reader} only)
   */
  ListResult<T> list(ListOptions options);
}
