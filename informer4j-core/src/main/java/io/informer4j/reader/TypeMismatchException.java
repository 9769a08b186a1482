package io.informer4j.reader;

import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;

/**
 * An object type whose class the backend's type registry maps to another type (a typed class used
 * under the wrong type key). The message names both types.
 */
public final class TypeMismatchException extends CacheException {
  private static final long serialVersionUID = 1L;

  /**
   * @param askedFor     the object type asked for
   * @param registeredAs the type the registry maps its class to
   */
  public TypeMismatchException(ObjectType<?> askedFor, TypeKey registeredAs) {
    super(askedFor.key(), "cache had type " + registeredAs + " for " + askedFor.javaClass().getName()
        + ", but " + askedFor.key() + " was asked for", null);
  }
}
