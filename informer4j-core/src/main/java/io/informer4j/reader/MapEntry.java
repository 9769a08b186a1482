package io.informer4j.reader;

import io.informer4j.cache.IndexFunction;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import java.time.Duration;
import java.util.Map;

/**
 * One informer of an {@link InformersMap} with its reader. Immutable; its parts are thread-safe.
 *
 * @param type           the type
 * @param representation the Java representation
 * @param namespace      the namespace the informer covers, {@code ""} for all (always for
 *                       cluster-scoped types)
 * @param scope          the type's scope
 * @param informer       the informer; add event handlers here
 * @param reader         reads the informer's cache
 * @param resyncPeriod   the jittered resync period drawn for this informer ({@link Duration#ZERO}
 *                       for none)
 * @param <T>            the object type
 */
public record MapEntry<T>(TypeKey type, Representation<T> representation, String namespace, Scope scope,
                          SharedIndexInformer<T> informer, CacheReader<T> reader, Duration resyncPeriod) {

  /**
   * Adds the field index {@code field:<field>}, so lists can select on {@code field=value}. Works at
   * any time: added while the informer runs, the index is built at once over the cached objects.
   * Does not wait for the informer to sync.
   *
   * @param field     the field path, as written in field selectors
   * @param extractor returns an object's values of the field; it may return a shared or immutable
   *                  collection, which is never modified
   * @throws IllegalArgumentException if the field already has an index
   */
  public void indexField(String field, IndexFunction<T> extractor) {
    informer.addIndexers(Map.of(FieldIndexes.fieldIndexName(field),
        FieldIndexes.indexFunction(field, scope, representation.adapter(), extractor)));
  }
}
