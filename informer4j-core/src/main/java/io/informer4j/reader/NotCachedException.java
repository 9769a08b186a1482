package io.informer4j.reader;

import io.informer4j.meta.ObjectType;

/**
 * A read of a type whose informer was never requested, in a cache configured to fail on missing
 * informers instead of creating them (controller-runtime's {@code ErrResourceNotCached}).
 */
public final class NotCachedException extends CacheException {
  private static final long serialVersionUID = 1L;

  /** @param type the type read */
  public NotCachedException(ObjectType<?> type) {
    super(type.key(), type + " is not cached", null);
  }
}
