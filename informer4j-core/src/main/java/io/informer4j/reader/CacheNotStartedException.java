package io.informer4j.reader;

import io.informer4j.meta.TypeKey;

/**
 * A read before the cache was started. The read still registered the type's informer, so that
 * {@code start()} starts it (as controller-runtime does); the reader returns this error rather than
 * an empty result.
 */
public final class CacheNotStartedException extends CacheException {
  private static final long serialVersionUID = 1L;

  /** @param type the type that was read */
  public CacheNotStartedException(TypeKey type) {
    super(type, "the cache is not started, can not read objects (type " + type + ")", null);
  }
}
