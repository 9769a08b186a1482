package io.informer4j.reader;

import io.informer4j.meta.TypeKey;

/**
 * A representation was asked for under a type its class does not stand for: the type registry maps
 * the class to another type. The message names both types.
 */
public final class TypeMismatchException extends CacheException {
  private static final long serialVersionUID = 1L;

  /**
   * @param askedFor       the type asked for
   * @param representation the representation asked for
   * @param registeredAs   the type the registry maps the representation's class to
   */
  public TypeMismatchException(TypeKey askedFor, Representation<?> representation, TypeKey registeredAs) {
    super(askedFor, "cache had type " + registeredAs + " for " + representation.javaClass().getName()
        + ", but " + askedFor + " was asked for", null);
  }
}
