package io.informer4j.meta;

import java.util.Objects;

/**
 * One namespace pattern of a {@link NamespaceMatcher}: an exact name ({@code team-a}), a prefix
 * ({@code team-*}) or a suffix ({@code *-system}). A lone {@code *} is the empty prefix and matches
 * every namespace. Any other use of {@code *} is rejected when the pattern is parsed.
 *
 * <p>Immutable and thread-safe.
 *
 * @param text    the pattern as configured, for example {@code "kube-*"}
 * @param kind    how {@link #literal()} is compared with a namespace
 * @param literal the text without its {@code *}
 */
public record NamespacePattern(String text, Kind kind, String literal) {

  /** How a pattern compares its literal with a namespace. */
  public enum Kind {
    /** The namespace equals the literal. */
    EXACT,
    /** The namespace starts with the literal ({@code literal*}). */
    PREFIX,
    /** The namespace ends with the literal ({@code *literal}). */
    SUFFIX
  }

  /**
   * Validates the components.
   *
   * @throws NullPointerException if a component is null
   */
  public NamespacePattern {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(literal, "literal");
  }

  /**
   * Parses {@code name}, {@code prefix*} or {@code *suffix}.
   *
   * @throws IllegalArgumentException if the pattern is empty or blank, contains whitespace, or uses
   *     {@code *} anywhere but as its single first or last character
   */
  public static NamespacePattern parse(String text) {
    Objects.requireNonNull(text, "namespace pattern");
    if (text.isBlank() || !text.strip().equals(text) || text.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("namespace pattern '" + text + "' is empty or contains whitespace");
    }
    int star = text.indexOf('*');
    if (star < 0) {
      return new NamespacePattern(text, Kind.EXACT, text);
    }
    if (text.indexOf('*', star + 1) >= 0 || (star != 0 && star != text.length() - 1)) {
      throw new IllegalArgumentException("namespace pattern '" + text
          + "' is invalid: '*' may only end a prefix ('team-*') or start a suffix ('*-system'), once");
    }
    return star == text.length() - 1
        ? new NamespacePattern(text, Kind.PREFIX, text.substring(0, star))
        : new NamespacePattern(text, Kind.SUFFIX, text.substring(1));
  }

  /** Returns true when {@code namespace} matches this pattern. */
  public boolean matches(String namespace) {
    return switch (kind) {
      case EXACT -> namespace.equals(literal);
      case PREFIX -> namespace.startsWith(literal);
      case SUFFIX -> namespace.endsWith(literal);
    };
  }

  /** Returns the pattern as configured. */
  @Override
  public String toString() {
    return text;
  }
}
