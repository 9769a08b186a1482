package io.informer4j.testkit.chaos;

import java.time.Duration;
import java.util.stream.LongStream;

/**
 * The knobs of the chaos suites, read from system properties (Maven passes its {@code -D} options
 * on to the tests):
 * <ul>
 *   <li>{@value #SCHEDULES}: how many random fault schedules to run (default {@value #DEFAULT_SCHEDULES});
 *   <li>{@value #SEED}: run only the schedule of this seed, as a failure prints it;
 *   <li>{@value #BASE_SEED}: the random base the schedules' seeds derive from (a fixed default, so every
 *       run tries the same schedules; another value explores others);
 *   <li>{@value #FAULT_WINDOW}: how long each schedule injects faults, in milliseconds or as an
 *       ISO-8601 duration (default 2000);
 *   <li>{@value #CYCLES}: how many kill-and-restart cycles a server outage suite runs (default 10).
 * </ul>
 */
public final class ChaosSettings {

  /** The property naming the number of fault schedules. */
  public static final String SCHEDULES = "informer4j.chaos.schedules";
  /** The property naming the one seed to run. */
  public static final String SEED = "informer4j.chaos.seed";
  /** The property naming the random base the schedules' seeds derive from. */
  public static final String BASE_SEED = "informer4j.chaos.baseSeed";
  /** The property naming how long each schedule injects faults. */
  public static final String FAULT_WINDOW = "informer4j.chaos.faultWindow";
  /** The property naming the number of outage cycles. */
  public static final String CYCLES = "informer4j.chaos.cycles";

  /** Fault schedules per run unless {@value #SCHEDULES} says otherwise. */
  public static final int DEFAULT_SCHEDULES = 12;

  private static final long DEFAULT_BASE_SEED = 20_261_201L;

  private ChaosSettings() {
  }

  /**
   * Returns the schedules' seeds: the one of {@value #SEED} when set, else
   * {@value #SCHEDULES} seeds derived from {@value #BASE_SEED}.
   */
  public static LongStream seeds() {
    String single = System.getProperty(SEED);
    if (single != null && !single.isBlank()) {
      return LongStream.of(Long.parseLong(single.trim()));
    }
    int count = Integer.getInteger(SCHEDULES, DEFAULT_SCHEDULES);
    long base = Long.getLong(BASE_SEED, DEFAULT_BASE_SEED);
    return LongStream.range(0, count).map(i -> mix(base + i));
  }

  /** Returns the one seed of a single-run suite: {@value #SEED} when set, else {@value #BASE_SEED}'s value. */
  public static long seed() {
    String single = System.getProperty(SEED);
    return single != null && !single.isBlank() ? Long.parseLong(single.trim()) : Long.getLong(BASE_SEED, DEFAULT_BASE_SEED);
  }

  /** Returns how long each schedule injects faults. */
  public static Duration faultWindow() {
    String value = System.getProperty(FAULT_WINDOW, "2000").trim();
    return value.startsWith("P") ? Duration.parse(value) : Duration.ofMillis(Long.parseLong(value));
  }

  /** Returns how many outage cycles to run, {@code defaultCycles} unless {@value #CYCLES} is set. */
  public static int cycles(int defaultCycles) {
    return Integer.getInteger(CYCLES, defaultCycles);
  }

  /** Returns the command-line option that runs the schedule of {@code seed} alone. */
  public static String rerunHint(long seed) {
    return "-D" + SEED + "=" + seed;
  }

  /** A SplitMix64 step, so neighbouring indexes give unrelated seeds. */
  private static long mix(long value) {
    long z = value + 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
