package io.informer4j.testsupport.property;

import java.util.Arrays;

/**
 * Makes a failing input simpler while it still fails the same way (the same exception class), by
 * editing the choices it was generated from and replaying them: dropping runs of choices (list
 * elements, string characters), setting runs to 0, and lowering single choices by binary search.
 * A candidate is kept only when its choices are simpler (fewer, or as many and lexicographically
 * smaller), so shrinking always ends; it also ends after a budget of property runs. Not
 * thread-safe.
 *
 * @param <T> the type of the values
 */
final class Shrinker<T> {

  /** A generated input: its choices, its value, and how the property failed on it. */
  record Failure<T>(long[] choices, T value, Throwable error) {
  }

  /** Runs of choices to drop: any length up to 8, so that a run can be one element of any small generator. */
  private static final int[] DROPPED_RUNS = {8, 7, 6, 5, 4, 3, 2, 1};
  private static final int[] ZEROED_RUNS = {8, 4, 2, 1};

  private final Generator<T> generator;
  private final Property<T> property;
  private final int budget;
  private int runs;
  private int steps;

  Shrinker(Generator<T> generator, Property<T> property, int budget) {
    this.generator = generator;
    this.property = property;
    this.budget = budget;
  }

  /** Returns how many simpler failing inputs were found. */
  int steps() {
    return steps;
  }

  /** Returns the simplest failing input found from {@code failing}. */
  Failure<T> shrink(Failure<T> failing) {
    Failure<T> best = failing;
    boolean improved = true;
    while (improved && runs < budget) {
      Failure<T> before = best;
      for (int length : DROPPED_RUNS) {
        best = dropRuns(best, length);
      }
      for (int length : ZEROED_RUNS) {
        best = zeroRuns(best, length);
      }
      best = lowerEach(best);
      improved = best != before;
    }
    return best;
  }

  private Failure<T> dropRuns(Failure<T> best, int length) {
    for (int at = best.choices().length - length; at >= 0 && runs < budget; at--) {
      long[] choices = best.choices();
      long[] candidate = new long[choices.length - length];
      System.arraycopy(choices, 0, candidate, 0, at);
      System.arraycopy(choices, at + length, candidate, at, choices.length - at - length);
      best = keepIfSimplerFailure(candidate, best);
      at = Math.min(at, best.choices().length - length + 1);
    }
    return best;
  }

  private Failure<T> zeroRuns(Failure<T> best, int length) {
    for (int at = best.choices().length - length; at >= 0 && runs < budget; at--) {
      long[] candidate = best.choices().clone();
      boolean changes = false;
      for (int i = at; i < at + length && i < candidate.length; i++) {
        changes |= candidate[i] != 0;
        candidate[i] = 0;
      }
      if (changes) {
        best = keepIfSimplerFailure(candidate, best);
        at = Math.min(at, best.choices().length - length + 1);
      }
    }
    return best;
  }

  private Failure<T> lowerEach(Failure<T> best) {
    for (int at = 0; at < best.choices().length && runs < budget; at++) {
      if (best.choices()[at] == 0) {
        continue;
      }
      Failure<T> zeroed = keepIfSimplerFailure(withChoice(best, at, 0), best);
      if (zeroed != best) {
        best = zeroed;
        continue;
      }
      long passes = 0;
      long fails = best.choices()[at];
      while (fails - passes > 1 && runs < budget && at < best.choices().length) {
        long middle = passes + (fails - passes) / 2;
        Failure<T> next = keepIfSimplerFailure(withChoice(best, at, middle), best);
        if (next == best) {
          passes = middle;
        } else {
          best = next;
          fails = middle;
        }
      }
    }
    return best;
  }

  private static long[] withChoice(Failure<?> failure, int at, long value) {
    long[] candidate = failure.choices().clone();
    candidate[at] = value;
    return candidate;
  }

  /** Replays {@code candidate}; returns the new failure if it is simpler and fails alike, else {@code best}. */
  private Failure<T> keepIfSimplerFailure(long[] candidate, Failure<T> best) {
    runs++;
    Choices choices = Choices.replaying(candidate);
    T value;
    try {
      value = generator.next(choices);
    } catch (RuntimeException generatorGaveUp) {
      return best;
    }
    long[] used = choices.recorded();
    if (!simpler(used, best.choices())) {
      return best;
    }
    try {
      property.verify(value);
      return best;
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable e) {
      if (e.getClass() != best.error().getClass()) {
        return best;
      }
      steps++;
      return new Failure<>(used, value, e);
    }
  }

  private static boolean simpler(long[] candidate, long[] current) {
    return candidate.length < current.length
        || (candidate.length == current.length && Arrays.compare(candidate, current) < 0);
  }
}
