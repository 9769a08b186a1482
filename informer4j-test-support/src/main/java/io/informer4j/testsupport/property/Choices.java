package io.informer4j.testsupport.property;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The sequence of choices a {@link Generator} makes while it builds one value: each choice is a
 * number in {@code [0, bound]}, where 0 always means "the simplest" (the smallest number, the
 * shortest list, the first alternative). Generators draw every random decision from here, so a
 * value is a pure function of its choices: recorded choices replay it, and smaller choices give a
 * simpler value, which is how a failing value is shrunk.
 *
 * <p>A {@code Choices} either <em>generates</em> (draws from a seeded random source, now and then
 * picking a bound's extreme, 0 or {@code bound}, as edge cases) or <em>replays</em> a given
 * sequence (each replayed number is clamped to the bound asked for; past the end, every choice is
 * 0). Either way it records what it returned. Not thread-safe: one value is built on one thread.
 */
public final class Choices {

  /** One choice in this many is forced to an extreme of its bound while generating. */
  private static final int EDGE_ODDS = 16;

  private final SplittableRandom random;
  private final long[] replayed;
  private int position;
  private long[] recorded = new long[16];
  private int size;

  private Choices(SplittableRandom random, long[] replayed) {
    this.random = random;
    this.replayed = replayed;
  }

  /** Returns choices drawn at random from {@code seed}: the same seed makes the same choices. */
  public static Choices generating(long seed) {
    return new Choices(new SplittableRandom(seed), null);
  }

  /** Returns choices that replay {@code sequence} (a copy is kept), then answer 0. */
  public static Choices replaying(long[] sequence) {
    return new Choices(null, sequence.clone());
  }

  /**
   * Returns a choice in {@code [0, bound]}.
   *
   * @throws IllegalArgumentException if {@code bound} is negative
   */
  public long draw(long bound) {
    if (bound < 0) {
      throw new IllegalArgumentException("bound must not be negative: " + bound);
    }
    long choice;
    if (random == null) {
      choice = position < replayed.length ? Math.min(Math.max(0, replayed[position]), bound) : 0;
      position++;
    } else if (bound == 0) {
      choice = 0;
    } else {
      int edge = random.nextInt(EDGE_ODDS);
      if (edge == 0) {
        choice = 0;
      } else if (edge == 1) {
        choice = bound;
      } else {
        choice = bound == Long.MAX_VALUE ? random.nextLong() & Long.MAX_VALUE : random.nextLong(bound + 1);
      }
    }
    record(choice);
    return choice;
  }

  /**
   * Returns a yes/no choice: while generating, {@code wanted} (the generator's own plan, such as
   * "the list is not yet as long as I meant"); while replaying, the recorded answer. No is the
   * simpler answer.
   */
  public boolean decide(boolean wanted) {
    if (random == null) {
      return draw(1) == 1;
    }
    record(wanted ? 1 : 0);
    return wanted;
  }

  /**
   * Returns a size in {@code [min, max]} for a generator to aim at while generating (usually
   * uniform, sometimes an extreme); not a recorded choice, and only meaningful while generating
   * (replaying returns {@code max}, as the replayed {@link #decide} answers govern).
   */
  public int sizeHint(int min, int max) {
    if (random == null || min >= max) {
      return max;
    }
    int edge = random.nextInt(EDGE_ODDS);
    if (edge == 0) {
      return min;
    }
    if (edge == 1) {
      return max;
    }
    return min + random.nextInt(max - min + 1);
  }

  /** Returns the value {@code generator} builds from the following choices. */
  public <T> T draw(Generator<? extends T> generator) {
    return generator.next(this);
  }

  private void record(long choice) {
    if (size == recorded.length) {
      recorded = Arrays.copyOf(recorded, size * 2);
    }
    recorded[size++] = choice;
  }

  /** Returns the choices made so far, in order. */
  long[] recorded() {
    return Arrays.copyOf(recorded, size);
  }
}
