package io.informer4j.testsupport.property;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Builds values of {@code T} from {@link Choices}. A generator must take every random decision
 * from its {@code Choices} (never from a random source of its own), so that a value can be
 * replayed from its seed and shrunk by making its choices smaller; and it should arrange its
 * decisions so that choice 0 gives the simplest value. Combine generators with the methods here
 * and {@link Generators}, or write one as a lambda that draws from others:
 *
 * <pre>{@code
 * Generator<Case> cases = choices -> new Case(choices.draw(Generators.longs()),
 *     choices.draw(Generators.integers(1, 12)));
 * }</pre>
 *
 * <p>Generators are stateless and thread-safe unless they say otherwise.
 *
 * @param <T> the type of the values
 */
@FunctionalInterface
public interface Generator<T> {

  /** Builds one value from {@code choices}. */
  T next(Choices choices);

  /** Returns a generator of {@code mapper}'s results on this generator's values. */
  default <R> Generator<R> map(Function<? super T, ? extends R> mapper) {
    return choices -> mapper.apply(next(choices));
  }

  /** Returns a generator that builds a value here, then one of the generator {@code next} picks for it. */
  default <R> Generator<R> flatMap(Function<? super T, ? extends Generator<? extends R>> next) {
    return choices -> next.apply(next(choices)).next(choices);
  }

  /**
   * Returns a generator of this generator's values that satisfy {@code condition}.
   *
   * @throws IllegalStateException (from the generator) when 100 values in a row miss the condition:
   *                               a filter that rejects most values is a generator to rewrite
   */
  default Generator<T> filter(Predicate<? super T> condition) {
    return choices -> {
      for (int attempt = 0; attempt < 100; attempt++) {
        T value = next(choices);
        if (condition.test(value)) {
          return value;
        }
      }
      throw new IllegalStateException("100 generated values in a row failed the filter");
    };
  }

  /**
   * Returns a generator of lists of this generator's values, between {@code min} and {@code max}
   * long (both inclusive). Each element past the first {@code min} follows a yes/no choice, so
   * shrinking can drop any element, and the shortest list is the simplest.
   *
   * @throws IllegalArgumentException if {@code min} is negative or greater than {@code max}
   */
  default Generator<List<T>> list(int min, int max) {
    if (min < 0 || min > max) {
      throw new IllegalArgumentException("invalid list size range [" + min + ", " + max + "]");
    }
    return choices -> {
      int target = choices.sizeHint(min, max);
      List<T> values = new ArrayList<>();
      while (values.size() < max && (values.size() < min || choices.decide(values.size() < target))) {
        values.add(next(choices));
      }
      return values;
    };
  }
}
