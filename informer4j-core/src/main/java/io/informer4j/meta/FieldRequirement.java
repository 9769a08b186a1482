package io.informer4j.meta;

import java.util.Objects;

/**
 * One term of a field selector: a field path, {@code =}/{@code ==} (equal) or {@code !=}, and a
 * value.
 *
 * <p>Immutable and thread-safe.
 *
 * @param field    the field path, for example {@code metadata.name}; never empty
 * @param negated  true for {@code !=}
 * @param value    the value compared with; may be empty
 */
public record FieldRequirement(String field, boolean negated, String value) {

  /** @throws IllegalArgumentException if the field is empty */
  public FieldRequirement {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(value, "value");
    if (field.isEmpty()) {
      throw new IllegalArgumentException("field selector term needs a field name");
    }
  }

  /** Returns the term {@code field=value}. */
  public static FieldRequirement equal(String field, String value) {
    return new FieldRequirement(field, false, value);
  }

  /** Returns the term {@code field!=value}. */
  public static FieldRequirement notEqual(String field, String value) {
    return new FieldRequirement(field, true, value);
  }

  /**
   * Tests a field's value with Kubernetes semantics: an absent field reads as {@code ""}.
   *
   * @param actual the object's value of {@link #field()}, or null when it has none
   */
  public boolean matches(String actual) {
    boolean equal = value.equals(actual == null ? "" : actual);
    return negated != equal;
  }

  /** Returns true for an equality term ({@code =} or {@code ==}). */
  public boolean isExact() {
    return !negated;
  }

  /** Returns the term as selector text, escaping {@code \ , = !} in the field and value. */
  @Override
  public String toString() {
    return escape(field) + (negated ? "!=" : "=") + escape(value);
  }

  static String escape(String s) {
    StringBuilder out = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' || c == ',' || c == '=' || c == '!') {
        if (out == null) {
          out = new StringBuilder(s.length() + 4).append(s, 0, i);
        }
        out.append('\\');
      }
      if (out != null) {
        out.append(c);
      }
    }
    return out == null ? s : out.toString();
  }
}
