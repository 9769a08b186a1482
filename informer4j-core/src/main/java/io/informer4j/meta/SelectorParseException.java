package io.informer4j.meta;

/**
 * Thrown when a label or field selector's text is not valid. The message and {@link #position()}
 * name the 0-based character offset where parsing failed.
 */
public final class SelectorParseException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String selector;
  private final int position;

  /**
   * @param selector the text being parsed
   * @param position 0-based offset of the offending character or token
   * @param problem  what was wrong, for example {@code "expected '(' after 'in'"}
   */
  public SelectorParseException(String selector, int position, String problem) {
    super("invalid selector '" + selector + "' at position " + position + ": " + problem);
    this.selector = selector;
    this.position = position;
  }

  /** Returns the text that failed to parse. */
  public String selector() {
    return selector;
  }

  /** Returns the 0-based offset where parsing failed. */
  public int position() {
    return position;
  }
}
