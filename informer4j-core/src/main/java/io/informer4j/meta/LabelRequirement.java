package io.informer4j.meta;

import java.util.Map;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * One term of a label selector: a key, an operator and (for most operators) values.
 *
 * <p>Immutable and thread-safe. Values are kept sorted so the text form is canonical.
 *
 * @param key      the label key, never empty
 * @param operator the operator
 * @param values   the values: exactly one for {@code =, ==, !=, >, <}, at least one for
 *                 {@code in, notin}, none for {@code exists, !}
 */
public record LabelRequirement(String key, LabelOperator operator, SortedSet<String> values) {

  /**
   * Validates the value count for the operator and that {@code >}/{@code <} values are integers.
   *
   * @throws IllegalArgumentException if the values do not fit the operator
   */
  public LabelRequirement {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(operator, "operator");
    if (key.isEmpty()) {
      throw new IllegalArgumentException("label requirement key must not be empty");
    }
    values = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(values == null ? java.util.Set.of() : values));
    switch (operator) {
      case EQUALS, DOUBLE_EQUALS, NOT_EQUALS -> requireCount(key, operator, values, 1);
      case GREATER_THAN, LESS_THAN -> {
        requireCount(key, operator, values, 1);
        parseLong(key, values.first());
      }
      case IN, NOT_IN -> {
        if (values.isEmpty()) {
          throw new IllegalArgumentException("label requirement '" + key + " " + operator.symbol() + "' needs at least one value");
        }
      }
      case EXISTS, DOES_NOT_EXIST -> requireCount(key, operator, values, 0);
      default -> throw new AssertionError(operator);
    }
  }

  private static void requireCount(String key, LabelOperator op, SortedSet<String> values, int count) {
    if (values.size() != count) {
      throw new IllegalArgumentException("label requirement on '" + key + "' with operator '" + op.symbol()
          + "' needs exactly " + count + " value(s), got " + values.size());
    }
  }

  private static long parseLong(String key, String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("label requirement on '" + key + "' compares with '" + value + "', which is not an integer", e);
    }
  }

  /** Returns a requirement with the given values. */
  public static LabelRequirement of(String key, LabelOperator operator, String... values) {
    return new LabelRequirement(key, operator, new TreeSet<>(java.util.Arrays.asList(values)));
  }

  /**
   * Tests the requirement against an object's labels, with Kubernetes semantics: {@code !=} and
   * {@code notin} match objects without the label; {@code >} and {@code <} need an integer value.
   *
   * @param labels the object's labels, never null
   */
  public boolean matches(Map<String, String> labels) {
    String value = labels.get(key);
    return switch (operator) {
      case EQUALS, DOUBLE_EQUALS, IN -> value != null && values.contains(value);
      case NOT_EQUALS, NOT_IN -> value == null || !values.contains(value);
      case EXISTS -> value != null;
      case DOES_NOT_EXIST -> value == null;
      case GREATER_THAN, LESS_THAN -> compares(value);
    };
  }

  private boolean compares(String value) {
    if (value == null) {
      return false;
    }
    long actual;
    try {
      actual = Long.parseLong(value);
    } catch (NumberFormatException e) {
      return false;
    }
    long bound = Long.parseLong(values.first());
    return operator == LabelOperator.GREATER_THAN ? actual > bound : actual < bound;
  }

  /** Returns the canonical text, for example {@code "tier in (db,web)"} or {@code "!legacy"}. */
  @Override
  public String toString() {
    return switch (operator) {
      case EXISTS -> key;
      case DOES_NOT_EXIST -> "!" + key;
      case IN, NOT_IN -> key + " " + operator.symbol() + " (" + String.join(",", values) + ")";
      default -> key + operator.symbol() + values.first();
    };
  }
}
