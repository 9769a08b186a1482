package io.informer4j.reader;

import io.informer4j.meta.TypeKey;

/**
 * A read of a type the backend does not serve (yet): the type is registered as missing — a custom
 * resource whose definition is not installed, a kind the server does not know — so the cache has
 * nothing to answer with (controller-runtime's {@code NoKindMatchError}). Neither "not found" nor an
 * empty list: the object may well exist once the type is served. The informer starts when the type
 * appears (a periodic check, or the backend's type-added signal), and reads succeed once it synced.
 */
public final class TypeNotServedException extends CacheException {
  private static final long serialVersionUID = 1L;

  /**
   * @param type     the type read
   * @param presence what the last presence check said, for example {@code absent}
   * @param backend  the backend's description
   */
  public TypeNotServedException(TypeKey type, String presence, String backend) {
    super(type, type + " is not served by " + backend + " (" + presence
        + "); reads of it fail until it appears and its informer has synced", null);
  }
}
