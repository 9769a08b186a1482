package io.informer4j.meta;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A label selector with the full Kubernetes syntax: {@code =}, {@code ==}, {@code !=}, {@code in},
 * {@code notin}, {@code key} (exists), {@code !key} (does not exist), and {@code >}/{@code <} on
 * integer values; terms are joined with {@code ,} and all must match.
 *
 * <p>The empty selector matches everything. {@link #toString()} gives a canonical text (terms sorted
 * by key) that parses back to an equal selector, so it can be sent to a server as is.
 *
 * <p>Immutable and thread-safe.
 */
public final class LabelSelector {

  private static final LabelSelector EVERYTHING = new LabelSelector(List.of());

  private final List<LabelRequirement> requirements;
  private final String text;

  private LabelSelector(List<LabelRequirement> requirements) {
    List<LabelRequirement> sorted = new ArrayList<>(requirements);
    sorted.sort(Comparator.comparing(LabelRequirement::key));
    this.requirements = List.copyOf(sorted);
    this.text = this.requirements.stream().map(LabelRequirement::toString).collect(Collectors.joining(","));
  }

  /** Returns the selector that matches every object. */
  public static LabelSelector everything() {
    return EVERYTHING;
  }

  /**
   * Parses selector text. Null, empty or blank text gives {@link #everything()}.
   *
   * @throws SelectorParseException naming the position of the first error
   */
  public static LabelSelector parse(String text) {
    if (text == null || text.isBlank()) {
      return EVERYTHING;
    }
    return new LabelSelector(new LabelSelectorParser(text).parse());
  }

  /** Returns a selector of the given requirements (all must match). */
  public static LabelSelector of(List<LabelRequirement> requirements) {
    return requirements.isEmpty() ? EVERYTHING : new LabelSelector(requirements);
  }

  /** Returns an equality selector: every entry must be present with that value. */
  public static LabelSelector matchingLabels(Map<String, String> labels) {
    List<LabelRequirement> requirements = new ArrayList<>();
    labels.forEach((k, v) -> requirements.add(LabelRequirement.of(k, LabelOperator.EQUALS, v)));
    return of(requirements);
  }

  /** Returns a selector requiring both this selector's terms and {@code other}'s. */
  public LabelSelector and(LabelSelector other) {
    if (other.isEverything()) {
      return this;
    }
    if (isEverything()) {
      return other;
    }
    List<LabelRequirement> all = new ArrayList<>(requirements);
    all.addAll(other.requirements);
    return new LabelSelector(all);
  }

  /**
   * Tests an object's labels.
   *
   * @param labels the labels, null treated as none
   */
  public boolean matches(Map<String, String> labels) {
    Map<String, String> actual = labels == null ? Map.of() : labels;
    for (LabelRequirement requirement : requirements) {
      if (!requirement.matches(actual)) {
        return false;
      }
    }
    return true;
  }

  /** Returns true when the selector has no terms and so matches everything. */
  public boolean isEverything() {
    return requirements.isEmpty();
  }

  /** Returns the terms, sorted by key. */
  public List<LabelRequirement> requirements() {
    return requirements;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LabelSelector other && text.equals(other.text);
  }

  @Override
  public int hashCode() {
    return Objects.hash(text);
  }

  /** Returns the canonical text; empty for {@link #everything()}. */
  @Override
  public String toString() {
    return text;
  }
}
