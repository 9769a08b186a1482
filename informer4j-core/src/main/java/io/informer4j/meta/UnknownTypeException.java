package io.informer4j.meta;

/** Thrown when a {@link TypeRegistry} is asked about a type or class it does not know. */
public final class UnknownTypeException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** @param what the type or class that is unknown, as text */
  public UnknownTypeException(String what) {
    super("unknown type: " + what + " is not registered");
  }
}
