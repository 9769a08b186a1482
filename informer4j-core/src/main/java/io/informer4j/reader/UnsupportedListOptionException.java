package io.informer4j.reader;

import io.informer4j.meta.TypeKey;

/** A list option the cache cannot honour: a continue token (the cache has no pages). */
public final class UnsupportedListOptionException extends CacheException {
  private static final long serialVersionUID = 1L;

  /** @param type the type listed */
  public UnsupportedListOptionException(TypeKey type) {
    super(type, "continue list option is not supported by the cache (type " + type + ")", null);
  }
}
