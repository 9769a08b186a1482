package io.informer4j.reader;

import io.informer4j.cache.Indexer;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@link CacheReader} over one informer's indexer, with scope per type, several exact field
 * terms, {@code limit}, a rejected continue token and a deterministic order.
 * Thread-safe; never blocks beyond the indexer's read lock.
 *
 * @param <T> the object type
 */
final class IndexerCacheReader<T> implements CacheReader<T> {

  private final TypeKey type;
  private final Scope scope;
  private final ObjectAdapter<T> adapter;
  private final Indexer<T> indexer;
  private final boolean deepCopyDisabled;

  /**
   * @param deepCopyDisabled true when the type's options disable deep copy on reads
   */
  IndexerCacheReader(ObjectType<T> type, Scope scope, Indexer<T> indexer, boolean deepCopyDisabled) {
    this.type = type.key();
    this.scope = Objects.requireNonNull(scope, "scope");
    this.adapter = type.adapter();
    this.indexer = Objects.requireNonNull(indexer, "indexer");
    this.deepCopyDisabled = deepCopyDisabled;
  }

  @Override
  public T get(ObjectKey key, GetOptions options) {
    Objects.requireNonNull(key, "key");
    String namespace = scope == Scope.CLUSTER ? "" : key.namespace();
    T cached = indexer.get(ObjectKey.keyOf(namespace, key.name()));
    if (cached == null) {
      throw new NotFoundException(type, namespace, key.name());
    }
    return deepCopyDisabled || options.unsafeDisableDeepCopy() ? cached : adapter.deepCopy(cached);
  }

  @Override
  public ListResult<T> list(ListOptions options) {
    if (options.continueToken() != null) {
      throw new UnsupportedListOptionException(type);
    }
    String namespace = scope == Scope.CLUSTER ? "" : options.namespace();
    FieldIndexQuery<T> fieldQuery = options.fields().isEverything()
        ? null : new FieldIndexQuery<>(type, indexer, options.fields(), namespace);
    String resourceVersion = indexer.lastStoreSyncResourceVersion();
    List<T> candidates;
    if (fieldQuery != null) {
      candidates = fieldQuery.candidates();
    } else if (!namespace.isEmpty()) {
      candidates = indexer.byIndex(Indexer.NAMESPACE_INDEX, namespace);
    } else {
      candidates = indexer.list();
    }
    List<T> matching = select(candidates, options.labels(), fieldQuery);
    ListOrder.sort(matching, adapter);
    int count = options.limit() > 0 ? (int) Math.min(options.limit(), matching.size()) : matching.size();
    List<T> page = matching.subList(0, count);
    if (!deepCopyDisabled && !options.unsafeDisableDeepCopy()) {
      page.replaceAll(adapter::deepCopy);
    }
    return new ListResult<>(page, resourceVersion);
  }

  /** Returns a new list of the candidates matching the labels and the field terms after the first. */
  private List<T> select(List<T> candidates, LabelSelector labels, FieldIndexQuery<T> fieldQuery) {
    boolean checkLabels = !labels.isEverything();
    boolean checkFields = fieldQuery != null && fieldQuery.hasOtherTerms();
    List<T> matching = new ArrayList<>(checkLabels || checkFields ? 16 : candidates.size());
    for (T candidate : candidates) {
      if ((!checkLabels || labels.matches(adapter.labels(candidate)))
          && (!checkFields || fieldQuery.matchesOtherTerms(candidate))) {
        matching.add(candidate);
      }
    }
    return matching;
  }

  @Override
  public String toString() {
    return "cache reader of " + type;
  }
}
