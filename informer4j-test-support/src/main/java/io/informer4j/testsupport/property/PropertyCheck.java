package io.informer4j.testsupport.property;

import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Checks a {@link Property} on many generated values, inside an ordinary JUnit test:
 *
 * <pre>{@code
 * PropertyCheck.forAll(Generators.integers(0, 200).list(0, 40))
 *     .tries(300)
 *     .check(list -> assertThat(sorted(list)).isSortedAccordingTo(Integer::compare));
 * }</pre>
 *
 * <p>The first try is the simplest value (every choice 0); each later try is generated from its own
 * seed, derived from a random base seed (or {@link #seed(long) a fixed one}). On a failure the
 * input is {@linkplain Shrinker shrunk} to a simpler one that fails alike, and a
 * {@link PropertyFailure} reports both inputs and the failing try's seed. Running with the system
 * property {@value #SEED_PROPERTY} set to that seed checks only the input of that seed (in every
 * property of the run: select the test too).
 *
 * <p>Not thread-safe: configure and check on one thread. The property runs on the calling thread.
 *
 * @param <T> the type of the values
 */
public final class PropertyCheck<T> {

  /** The system property that makes every check run the one input of the given seed. */
  public static final String SEED_PROPERTY = "informer4j.property.seed";
  /** Tries per check unless {@link #tries(int)} says otherwise. */
  public static final int DEFAULT_TRIES = 1000;
  /** Property runs spent on shrinking a failure unless {@link #shrinkRuns(int)} says otherwise. */
  public static final int DEFAULT_SHRINK_RUNS = 1000;

  private static final long SEED_STEP = 0x9E3779B97F4A7C15L;
  private static final int MAX_DESCRIPTION = 2000;

  private final Generator<T> generator;
  private int tries = DEFAULT_TRIES;
  private int shrinkRuns = DEFAULT_SHRINK_RUNS;
  private Long baseSeed;

  private PropertyCheck(Generator<T> generator) {
    this.generator = Objects.requireNonNull(generator, "generator");
  }

  /** Starts a check of values from {@code generator}. */
  public static <T> PropertyCheck<T> forAll(Generator<T> generator) {
    return new PropertyCheck<>(generator);
  }

  /**
   * Sets how many values to try (default {@value #DEFAULT_TRIES}).
   *
   * @throws IllegalArgumentException if {@code count} is less than 1
   */
  public PropertyCheck<T> tries(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("tries must be at least 1: " + count);
    }
    this.tries = count;
    return this;
  }

  /**
   * Sets how many property runs shrinking a failure may take (default
   * {@value #DEFAULT_SHRINK_RUNS}; 0 reports the input as generated).
   *
   * @throws IllegalArgumentException if {@code runs} is negative
   */
  public PropertyCheck<T> shrinkRuns(int runs) {
    if (runs < 0) {
      throw new IllegalArgumentException("shrink runs must not be negative: " + runs);
    }
    this.shrinkRuns = runs;
    return this;
  }

  /** Fixes the base seed the tries' seeds derive from (default: a new random one per check). */
  public PropertyCheck<T> seed(long seed) {
    this.baseSeed = seed;
    return this;
  }

  /**
   * Runs the property on the simplest value, then on generated ones until the tries are spent.
   *
   * @throws PropertyFailure on the first input the property fails for, after shrinking it
   * @throws IllegalArgumentException if {@value #SEED_PROPERTY} is set but is no number
   */
  public void check(Property<T> property) {
    String replay = System.getProperty(SEED_PROPERTY, "").trim();
    if (!replay.isEmpty()) {
      long seed = parseSeed(replay);
      tryOnce(property, Choices.generating(seed), "the input of seed " + seed, seed);
      return;
    }
    tryOnce(property, Choices.replaying(new long[0]), "the simplest input (try 1)", null);
    long base = baseSeed != null ? baseSeed : new SplittableRandom().nextLong();
    for (int i = 1; i < tries; i++) {
      long seed = mix(base + i * SEED_STEP);
      tryOnce(property, Choices.generating(seed), "try " + (i + 1) + " of " + tries, seed);
    }
  }

  private void tryOnce(Property<T> property, Choices choices, String which, Long seed) {
    T value = generator.next(choices);
    try {
      property.verify(value);
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable e) {
      Shrinker<T> shrinker = new Shrinker<>(generator, property, shrinkRuns);
      Shrinker.Failure<T> shrunk = shrinker.shrink(new Shrinker.Failure<>(choices.recorded(), value, e));
      throw new PropertyFailure(report(which, seed, value, shrunk, shrinker.steps()), shrunk.error(), e);
    }
  }

  private static String report(String which, Long seed, Object generated, Shrinker.Failure<?> shrunk, int steps) {
    StringBuilder text = new StringBuilder("property failed on ").append(which);
    if (seed != null) {
      text.append(", seed ").append(seed).append(" (-D").append(SEED_PROPERTY).append('=').append(seed)
          .append(" checks this input alone)");
    }
    text.append("\n  shrunk input (").append(steps).append(" steps): ").append(describe(shrunk.value()))
        .append("\n  input as generated: ").append(describe(generated))
        .append("\n  failure: ").append(shrunk.error());
    return text.toString();
  }

  /** Describes a value for a report, arrays by content, cut to a readable length. */
  static String describe(Object value) {
    String text = value instanceof Object[] array ? Arrays.deepToString(array)
        : value instanceof byte[] bytes ? Arrays.toString(bytes)
        : String.valueOf(value);
    return text.length() <= MAX_DESCRIPTION ? text
        : text.substring(0, MAX_DESCRIPTION) + "… (" + text.length() + " characters)";
  }

  private static long parseSeed(String text) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(SEED_PROPERTY + " must be a seed printed by a failed check: " + text, e);
    }
  }

  /** SplitMix64's finalizer: spreads consecutive numbers over the whole range. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
