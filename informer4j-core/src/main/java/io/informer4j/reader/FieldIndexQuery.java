package io.informer4j.reader;

import io.informer4j.cache.IndexFunction;
import io.informer4j.cache.Indexer;
import io.informer4j.cache.NoSuchIndexException;
import io.informer4j.meta.FieldRequirement;
import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.TypeKey;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A field selector served from field indexes, as controller-runtime does: every term must be exact
 * and indexed; the first term is looked up in its index, the others are checked with their index
 * functions. Built and used by one list call.
 *
 * @param <T> the object type
 */
final class FieldIndexQuery<T> {

  private final Indexer<T> indexer;
  private final String firstIndex;
  private final String firstKey;
  private final List<IndexFunction<T>> otherFunctions = new ArrayList<>();
  private final List<String> otherKeys = new ArrayList<>();

  /**
   * Validates the selector against the indexer.
   *
   * @param namespace the namespace listed, {@code ""} for all
   * @throws UnsupportedFieldSelectorException if a term is not exact
   * @throws MissingIndexException             if a term has no index
   */
  FieldIndexQuery(TypeKey type, Indexer<T> indexer, FieldSelector selector, String namespace) {
    this.indexer = indexer;
    List<FieldRequirement> terms = selector.requirements();
    for (FieldRequirement term : terms) {
      if (!term.isExact()) {
        throw new UnsupportedFieldSelectorException(type, selector);
      }
    }
    for (int i = 0; i < terms.size(); i++) {
      FieldRequirement term = terms.get(i);
      IndexFunction<T> function;
      try {
        function = indexer.indexFunction(FieldIndexes.fieldIndexName(term.field()));
      } catch (NoSuchIndexException e) {
        throw new MissingIndexException(type, term.field(), e);
      }
      if (i > 0) {
        otherFunctions.add(function);
        otherKeys.add(FieldIndexes.keyToNamespacedKey(namespace, term.value()));
      }
    }
    FieldRequirement first = terms.get(0);
    this.firstIndex = FieldIndexes.fieldIndexName(first.field());
    this.firstKey = FieldIndexes.keyToNamespacedKey(namespace, first.value());
  }

  /** Returns the objects matching the first term. */
  List<T> candidates() {
    return indexer.byIndex(firstIndex, firstKey);
  }

  /** Returns true when the selector has terms besides the first. */
  boolean hasOtherTerms() {
    return !otherFunctions.isEmpty();
  }

  /** Returns true when {@code object} matches every other term; false if an index function throws. */
  boolean matchesOtherTerms(T object) {
    for (int i = 0; i < otherFunctions.size(); i++) {
      Collection<String> values;
      try {
        values = otherFunctions.get(i).values(object);
      } catch (RuntimeException e) {
        return false;
      }
      if (values == null || !values.contains(otherKeys.get(i))) {
        return false;
      }
    }
    return true;
  }
}
