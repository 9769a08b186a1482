package io.informer4j.meta;

/**
 * Thrown when a {@link TypeRegistry} is asked about a type or class it does not know, or when a
 * backend is asked for a type in a Java representation it cannot serve.
 */
public final class UnknownTypeException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** @param what the type or class that is unknown, as text */
  public UnknownTypeException(String what) {
    super("unknown type: " + what + " is not registered");
  }

  /**
   * The refusal of a representation: the message names the object type, the refused Java class and
   * what is served instead.
   *
   * @param refused the object type asked for
   * @param served  what the backend serves for that type instead, as text
   */
  public UnknownTypeException(ObjectType<?> refused, String served) {
    super(refused + " cannot be served as " + refused.javaClass().getName() + ": " + served);
  }
}
