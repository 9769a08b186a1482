package io.informer4j.cli.dashboard;

import java.util.HashMap;
import java.util.Map;

/**
 * Turns growing totals into per-second rates between two readings, per named counter (for example
 * {@code ConfigMap/events}). The first reading of a counter gives 0. Not thread-safe: one refresh
 * loop owns it.
 */
public final class RateMeter {

  private final Map<String, Reading> last = new HashMap<>();

  /**
   * Returns the rate of {@code counter} since its previous reading and remembers this one.
   *
   * @param counter  the counter's name
   * @param total    its current total
   * @param nanoTime the time of this reading, from {@link System#nanoTime()}
   */
  public double rate(String counter, long total, long nanoTime) {
    Reading previous = last.put(counter, new Reading(total, nanoTime));
    if (previous == null || nanoTime <= previous.nanoTime()) {
      return 0;
    }
    return Math.max(0, total - previous.total()) * 1e9 / (nanoTime - previous.nanoTime());
  }

  private record Reading(long total, long nanoTime) {
  }
}
