package io.informer4j.reader;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.TypeKey;

/**
 * A list's field selector has a term the cache cannot serve: only exact terms ({@code f=v} or
 * {@code f==v}) are supported, each through an index added with {@code indexField}.
 */
public final class UnsupportedFieldSelectorException extends CacheException {
  private static final long serialVersionUID = 1L;

  /**
   * @param type     the type listed
   * @param selector the selector asked for
   */
  public UnsupportedFieldSelectorException(TypeKey type, FieldSelector selector) {
    super(type, "non-exact field matches are not supported by the cache: field selector '" + selector
        + "' on " + type + " (use only f=v terms, each backed by indexField)", null);
  }
}
