package io.informer4j.testsupport.property;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Ready-made {@link Generator}s: numbers, booleans, fixed alternatives, weighted mixes, code points
 * and strings, byte arrays and maps. Each one shrinks toward its simplest value: numbers toward 0
 * (or the bound nearest to it), alternatives toward the first, strings, arrays and maps toward
 * empty. Stateless; thread-safe.
 */
public final class Generators {

  /** The most code points of a string from {@link #strings()}. */
  public static final int DEFAULT_MAX_LENGTH = 255;

  private static final int SURROGATES = Character.MAX_SURROGATE - Character.MIN_SURROGATE + 1;

  private Generators() {
  }

  /** Returns longs in {@code [min, max]}, shrinking toward 0 or the bound nearest to it. */
  public static Generator<Long> longs(long min, long max) {
    if (min > max) {
      throw new IllegalArgumentException("empty range [" + min + ", " + max + "]");
    }
    return choices -> between(choices, min, max);
  }

  /** Returns any long, shrinking toward 0. */
  public static Generator<Long> longs() {
    return longs(Long.MIN_VALUE, Long.MAX_VALUE);
  }

  /** Returns ints in {@code [min, max]}, shrinking toward 0 or the bound nearest to it. */
  public static Generator<Integer> integers(int min, int max) {
    return longs(min, max).map(Long::intValue);
  }

  /** Returns any int, shrinking toward 0. */
  public static Generator<Integer> integers() {
    return integers(Integer.MIN_VALUE, Integer.MAX_VALUE);
  }

  private static long between(Choices choices, long min, long max) {
    if (min >= 0) {
      return min + choices.draw(max - min);
    }
    if (max <= 0) {
      return max - choices.draw(max - min);
    }
    boolean negative = choices.draw(1) == 1;
    return negative ? -1 - choices.draw(-(min + 1)) : choices.draw(max);
  }

  /** Returns true or false, shrinking toward false. */
  public static Generator<Boolean> booleans() {
    return choices -> choices.draw(1) == 1;
  }

  /** Returns always {@code value} (which may be null). */
  public static <T> Generator<T> constant(T value) {
    return choices -> value;
  }

  /** Returns one of {@code values}, shrinking toward the first. */
  @SafeVarargs
  public static <T> Generator<T> elements(T... values) {
    return elements(Arrays.asList(values));
  }

  /** Returns one of {@code values} (null among them too), shrinking toward the first. */
  public static <T> Generator<T> elements(List<? extends T> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("no values to choose from");
    }
    List<? extends T> copy = Collections.unmodifiableList(new ArrayList<>(values));
    return choices -> copy.get((int) choices.draw(copy.size() - 1));
  }

  /** Returns a value of one of {@code generators}, each as likely, shrinking toward the first. */
  @SafeVarargs
  public static <T> Generator<T> oneOf(Generator<? extends T>... generators) {
    return oneOf(List.of(generators));
  }

  /** Returns a value of one of {@code generators}, each as likely, shrinking toward the first. */
  public static <T> Generator<T> oneOf(List<? extends Generator<? extends T>> generators) {
    if (generators.isEmpty()) {
      throw new IllegalArgumentException("no generators to choose from");
    }
    List<? extends Generator<? extends T>> copy = List.copyOf(generators);
    return choices -> choices.draw(copy.get((int) choices.draw(copy.size() - 1)));
  }

  /** A generator with a weight, for {@link #frequency}. */
  public record Weighted<T>(int weight, Generator<? extends T> generator) {
    /** @throws IllegalArgumentException if the weight is not positive */
    public Weighted {
      if (weight < 1) {
        throw new IllegalArgumentException("weight must be positive: " + weight);
      }
      Objects.requireNonNull(generator, "generator");
    }
  }

  /** Returns {@code generator} with {@code weight}, for {@link #frequency}. */
  public static <T> Weighted<T> weight(int weight, Generator<? extends T> generator) {
    return new Weighted<>(weight, generator);
  }

  /**
   * Returns a value of one of the weighted generators, each picked in proportion to its weight,
   * shrinking toward the first.
   */
  @SafeVarargs
  public static <T> Generator<T> frequency(Weighted<? extends T>... weighted) {
    List<Weighted<? extends T>> copy = List.of(weighted);
    long total = copy.stream().mapToLong(Weighted::weight).sum();
    return choices -> {
      long pick = choices.draw(total - 1);
      for (Weighted<? extends T> w : copy) {
        if (pick < w.weight()) {
          return choices.draw(w.generator());
        }
        pick -= w.weight();
      }
      throw new AssertionError("unreachable: the pick is below the total weight");
    };
  }

  /** Returns code points in {@code [from, to]}, shrinking toward {@code from}. */
  public static Generator<Integer> codePoints(int from, int to) {
    return integers(from, to);
  }

  /** Returns the code points of {@code alphabet}, shrinking toward its first. */
  public static Generator<Integer> codePointsOf(String alphabet) {
    return elements(alphabet.codePoints().boxed().toList());
  }

  /**
   * Returns any Unicode code point that is not a surrogate: mostly printable ASCII, then control
   * characters, the rest of the Basic Multilingual Plane and the supplementary planes; shrinking
   * toward a space.
   */
  public static Generator<Integer> unicode() {
    Generator<Integer> bmpBeyondAscii = integers(0x80, 0xFFFF - SURROGATES)
        .map(c -> c < Character.MIN_SURROGATE ? c : c + SURROGATES);
    return frequency(weight(12, codePoints(0x20, 0x7E)), weight(1, codePoints(0, 0x1F)), weight(4, bmpBeyondAscii),
        weight(1, codePoints(Character.MIN_SUPPLEMENTARY_CODE_POINT, Character.MAX_CODE_POINT)));
  }

  /**
   * Returns any UTF-16 code unit as a code point, lone surrogates included (for strings as Java holds
   * them, not text that must survive an encoding): mostly printable ASCII, then control characters
   * and the rest of {@code \u0080}–{@code \uFFFF}; shrinking toward a space.
   */
  public static Generator<Integer> chars() {
    return frequency(weight(12, codePoints(0x20, 0x7E)), weight(1, codePoints(0, 0x1F)), weight(5, codePoints(0x80, 0xFFFF)));
  }

  /** Returns strings of {@code minLength} to {@code maxLength} code points from {@code codePoints}. */
  public static Generator<String> strings(Generator<Integer> codePoints, int minLength, int maxLength) {
    return codePoints.list(minLength, maxLength).map(points -> {
      StringBuilder text = new StringBuilder(points.size());
      points.forEach(text::appendCodePoint);
      return text.toString();
    });
  }

  /** Returns strings of up to {@code maxLength} {@link #unicode()} code points. */
  public static Generator<String> strings(int maxLength) {
    return strings(unicode(), 0, maxLength);
  }

  /** Returns strings of up to {@value #DEFAULT_MAX_LENGTH} {@link #unicode()} code points. */
  public static Generator<String> strings() {
    return strings(DEFAULT_MAX_LENGTH);
  }

  /** Returns byte arrays of {@code minLength} to {@code maxLength} bytes, any values. */
  public static Generator<byte[]> bytes(int minLength, int maxLength) {
    return integers(Byte.MIN_VALUE, Byte.MAX_VALUE).list(minLength, maxLength).map(values -> {
      byte[] array = new byte[values.size()];
      for (int i = 0; i < array.length; i++) {
        array[i] = values.get(i).byteValue();
      }
      return array;
    });
  }

  /**
   * Returns insertion-ordered maps built from {@code minSize} to {@code maxSize} generated entries
   * (an entry whose key repeats an earlier one replaces it, so a map may be smaller than the
   * entries drawn, never larger).
   */
  public static <K, V> Generator<Map<K, V>> maps(Generator<? extends K> keys, Generator<? extends V> values,
                                                 int minSize, int maxSize) {
    Generator<Map.Entry<K, V>> entries = choices -> new java.util.AbstractMap.SimpleEntry<>(choices.draw(keys),
        choices.draw(values));
    return entries.list(minSize, maxSize).map(list -> {
      Map<K, V> map = new LinkedHashMap<>();
      list.forEach(entry -> map.put(entry.getKey(), entry.getValue()));
      return map;
    });
  }
}
