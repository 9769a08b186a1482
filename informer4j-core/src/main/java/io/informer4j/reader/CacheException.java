package io.informer4j.reader;

import io.informer4j.meta.TypeKey;
import java.util.Objects;

/**
 * A read from the cache that cannot be answered. Subclasses say why: {@link CacheNotStartedException},
 * {@link NotFoundException}, {@link CacheTimeoutException}, {@link UnsupportedFieldSelectorException},
 * {@link MissingIndexException}, {@link TypeMismatchException}, {@link NotCachedException},
 * {@link TypeNotServedException}, {@link UnknownNamespaceException} and
 * {@link UnsupportedListOptionException}. (A type the registry
 * does not know is reported by {@link io.informer4j.meta.UnknownTypeException}.)
 */
public abstract class CacheException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient TypeKey type;

  /**
   * @param type    the type the read was for
   * @param message the message, naming the type and the key or option at fault
   * @param cause   the underlying error, or null
   */
  protected CacheException(TypeKey type, String message, Throwable cause) {
    super(message, cause);
    this.type = Objects.requireNonNull(type, "type");
  }

  /** Returns the type the read was for. */
  public TypeKey type() {
    return type;
  }
}
