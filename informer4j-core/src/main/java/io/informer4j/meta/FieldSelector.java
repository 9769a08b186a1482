package io.informer4j.meta;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A field selector: terms {@code field=value}, {@code field==value} or {@code field!=value} joined
 * by {@code ,}, all of which must match. Backslash escapes {@code \ , = !} inside fields and
 * values, as in Kubernetes.
 *
 * <p>The empty selector matches everything. Terms keep the order they were written in (the cache
 * reader serves the first exact term from an index). Immutable and thread-safe.
 */
public final class FieldSelector {

  private static final FieldSelector EVERYTHING = new FieldSelector(List.of());

  private final List<FieldRequirement> requirements;
  private final String text;

  private FieldSelector(List<FieldRequirement> requirements) {
    this.requirements = List.copyOf(requirements);
    this.text = this.requirements.stream().map(FieldRequirement::toString).collect(Collectors.joining(","));
  }

  /** Returns the selector that matches every object. */
  public static FieldSelector everything() {
    return EVERYTHING;
  }

  /** Returns a selector of the given terms (all must match). */
  public static FieldSelector of(List<FieldRequirement> requirements) {
    return requirements.isEmpty() ? EVERYTHING : new FieldSelector(requirements);
  }

  /** Returns the single-term selector {@code field=value}. */
  public static FieldSelector equal(String field, String value) {
    return of(List.of(FieldRequirement.equal(field, value)));
  }

  /**
   * Parses selector text. Null, empty or blank text gives {@link #everything()}.
   *
   * @throws SelectorParseException naming the position of the first error
   */
  public static FieldSelector parse(String text) {
    if (text == null || text.isBlank()) {
      return EVERYTHING;
    }
    List<FieldRequirement> terms = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= text.length(); i++) {
      if (i == text.length() || (text.charAt(i) == ',' && !escaped(text, i))) {
        terms.add(parseTerm(text, start, i));
        start = i + 1;
      }
    }
    return new FieldSelector(terms);
  }

  private static boolean escaped(String text, int index) {
    int backslashes = 0;
    for (int j = index - 1; j >= 0 && text.charAt(j) == '\\'; j--) {
      backslashes++;
    }
    return backslashes % 2 == 1;
  }

  private static FieldRequirement parseTerm(String text, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        i++;
        continue;
      }
      if (c == '!' && i + 1 < to && text.charAt(i + 1) == '=') {
        return term(text, from, i, i + 2, to, true);
      }
      if (c == '=') {
        int valueStart = i + 1 < to && text.charAt(i + 1) == '=' ? i + 2 : i + 1;
        return term(text, from, i, valueStart, to, false);
      }
    }
    throw new SelectorParseException(text, from, "term '" + text.substring(from, to) + "' has no operator (=, == or !=)");
  }

  private static FieldRequirement term(String text, int from, int opAt, int valueStart, int to, boolean negated) {
    String field = unescape(text, from, opAt).trim();
    if (field.isEmpty()) {
      throw new SelectorParseException(text, from, "term '" + text.substring(from, to) + "' has no field name");
    }
    String value = unescape(text, valueStart, to);
    return new FieldRequirement(field, negated, value);
  }

  private static String unescape(String text, int from, int to) {
    StringBuilder out = new StringBuilder(to - from);
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        if (i + 1 >= to) {
          throw new SelectorParseException(text, i, "dangling escape character '\\'");
        }
        char escapedChar = text.charAt(++i);
        if (escapedChar != '\\' && escapedChar != ',' && escapedChar != '=' && escapedChar != '!') {
          throw new SelectorParseException(text, i, "invalid escape sequence '\\" + escapedChar + "'");
        }
        out.append(escapedChar);
      } else if (c == '=' || c == '!') {
        throw new SelectorParseException(text, i, "unescaped '" + c + "' in a field or value");
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /** Returns a selector requiring both this selector's terms and then {@code other}'s. */
  public FieldSelector and(FieldSelector other) {
    if (other.isEverything()) {
      return this;
    }
    if (isEverything()) {
      return other;
    }
    List<FieldRequirement> all = new ArrayList<>(requirements);
    all.addAll(other.requirements);
    return new FieldSelector(all);
  }

  /**
   * Tests an object's fields.
   *
   * @param fieldValue gives an object's value of a field path, or null when it has none
   */
  public boolean matches(Function<String, String> fieldValue) {
    for (FieldRequirement requirement : requirements) {
      if (!requirement.matches(fieldValue.apply(requirement.field()))) {
        return false;
      }
    }
    return true;
  }

  /** Returns the value that {@code field} must equal, when one term is {@code field=value}. */
  public Optional<String> exactValue(String field) {
    for (FieldRequirement requirement : requirements) {
      if (requirement.isExact() && requirement.field().equals(field)) {
        return Optional.of(requirement.value());
      }
    }
    return Optional.empty();
  }

  /** Returns true when the selector has no terms and so matches everything. */
  public boolean isEverything() {
    return requirements.isEmpty();
  }

  /** Returns the terms in the order written. */
  public List<FieldRequirement> requirements() {
    return requirements;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FieldSelector other && text.equals(other.text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  /** Returns the selector text (escaped); empty for {@link #everything()}. */
  @Override
  public String toString() {
    return text;
  }
}
