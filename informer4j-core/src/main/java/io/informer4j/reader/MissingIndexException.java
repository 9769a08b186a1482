package io.informer4j.reader;

import io.informer4j.cache.NoSuchIndexException;
import io.informer4j.meta.TypeKey;

/** A list's field selector names a field that has no index: add one with {@code indexField} first. */
public final class MissingIndexException extends CacheException {
  private static final long serialVersionUID = 1L;

  private final String field;

  /**
   * @param type  the type listed
   * @param field the field without an index
   * @param cause the indexer's error
   */
  public MissingIndexException(TypeKey type, String field, NoSuchIndexException cause) {
    super(type, "Index with name " + FieldIndexes.fieldIndexName(field) + " does not exist for " + type
        + ": call indexField(type, \"" + field + "\", extractor) before listing by that field", cause);
    this.field = field;
  }

  /** Returns the field that has no index. */
  public String field() {
    return field;
  }
}
