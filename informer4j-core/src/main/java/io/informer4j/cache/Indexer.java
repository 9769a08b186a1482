package io.informer4j.cache;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A {@link Store} with secondary indexes: each index maps values (computed by an
 * {@link IndexFunction}) to the keys of the objects having them. Every informer's cache has the
 * {@link #NAMESPACE_INDEX}.
 *
 * <p>Thread-safe. Lookups of an index that does not exist throw {@link NoSuchIndexException}.
 *
 * @param <T> the object type
 */
public interface Indexer<T> extends Store<T> {

  /** The name of the default index: an object's namespace ({@code ""} for cluster-scoped ones). */
  String NAMESPACE_INDEX = "namespace";

  /** Returns the objects sharing any of {@code object}'s values in index {@code indexName}. */
  List<T> index(String indexName, T object);

  /** Returns the objects whose index {@code indexName} contains {@code value}. */
  List<T> byIndex(String indexName, String value);

  /** Returns the sorted keys of the objects whose index {@code indexName} contains {@code value}. */
  List<String> indexKeys(String indexName, String value);

  /** Returns every value index {@code indexName} currently holds. */
  List<String> listIndexFuncValues(String indexName);

  /** Returns the names of the indexes. */
  Set<String> indexNames();

  /**
   * Returns the function of index {@code indexName}, for example to test one object against an
   * index without a lookup.
   *
   * @throws NoSuchIndexException if no index has that name
   */
  IndexFunction<T> indexFunction(String indexName);

  /**
   * Adds indexes, built at once over the objects already cached (so indexes may be added while an
   * informer runs).
   *
   * @throws IllegalArgumentException if a name is already used; then nothing is added
   */
  void addIndexers(Map<String, IndexFunction<T>> indexers);

  /** Returns how many index function calls threw (each left one object out of one index). */
  long indexErrors();
}
