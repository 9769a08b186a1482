package io.informer4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Finds threads a test left behind: a snapshot of the live threads before, then, after the test's
 * work, an assertion (awaited, since closing a pool or a client ends its threads shortly after) that
 * no thread is alive that was not alive before — but the ones {@code ignored} names as not the code
 * under test's (a test server's own threads, the JDK's common pool). Thread-safe.
 *
 * <p>A leak test repeats its start-stop cycle {@link #cycles(int)} times: a leak shows after one
 * cycle, the repetitions give a race in stopping a chance to show; {@code -D}{@value #CYCLES}{@code =N}
 * runs N.
 */
public final class ThreadLeaks {

  /**
   * Threads of the JDK's own, started on demand by the JDK, and Awaitility's poller (which checks
   * this very condition): not owned by the code under test.
   */
  public static final Predicate<Thread> JDK_THREADS = thread -> thread.getName().startsWith("ForkJoinPool.commonPool")
      || thread.getName().equals("Attach Listener") || thread.getName().equals("process reaper")
      || thread.getName().startsWith("awaitility");

  /** The property naming how many start-stop cycles a leak test runs. */
  public static final String CYCLES = "informer4j.leak.cycles";

  private final Set<Thread> before;
  private final Predicate<Thread> ignored;

  private ThreadLeaks(Set<Thread> before, Predicate<Thread> ignored) {
    this.before = before;
    this.ignored = ignored;
  }

  /**
   * Returns how many start-stop cycles a leak test runs: {@value #CYCLES} when set, else
   * {@code defaultCycles} (the test's own: many where a cycle is cheap, fewer over real servers).
   *
   * @throws IllegalArgumentException if {@value #CYCLES} is not a whole number of at least 1
   */
  public static int cycles(int defaultCycles) {
    String value = System.getProperty(CYCLES);
    if (value == null || value.isBlank()) {
      return defaultCycles;
    }
    try {
      int cycles = Integer.parseInt(value.trim());
      if (cycles >= 1) {
        return cycles;
      }
    } catch (NumberFormatException e) {
      // told below
    }
    throw new IllegalArgumentException(CYCLES + " must be a whole number of at least 1: " + value);
  }

  /** Takes the snapshot; threads {@code ignored} accepts are never counted as left. */
  public static ThreadLeaks since(Predicate<Thread> ignored) {
    return new ThreadLeaks(Set.copyOf(Thread.getAllStackTraces().keySet()), JDK_THREADS.or(ignored));
  }

  /** Returns the names of the live threads started since the snapshot and not ignored, sorted. */
  public Set<String> left() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> thread.isAlive() && !before.contains(thread) && !ignored.test(thread))
        .map(Thread::getName).collect(Collectors.toCollection(TreeSet::new));
  }

  /** Asserts that within {@code wait} no thread started since the snapshot is left (naming them if some are). */
  public void assertNoneLeft(Duration wait) {
    await().atMost(wait).untilAsserted(() -> assertThat(left()).as("threads left").isEmpty());
  }
}
