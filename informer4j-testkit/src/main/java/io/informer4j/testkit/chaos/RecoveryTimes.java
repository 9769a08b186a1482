package io.informer4j.testkit.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Recovery times a chaos suite measured, summarised as median and maximum for it to print (never
 * asserted). Thread-safe.
 */
public final class RecoveryTimes {

  private final String what;
  private final List<Duration> times = new ArrayList<>();

  /** @param what what is measured, the start of the summary */
  public RecoveryTimes(String what) {
    this.what = what;
  }

  /** Adds one measurement. */
  public synchronized void add(Duration time) {
    times.add(time);
  }

  /** Returns how many measurements there are. */
  public synchronized int count() {
    return times.size();
  }

  /** Returns a one-line summary, such as {@code "<what> over 30 runs: median 412 ms, max 2210 ms"}. */
  public synchronized String summary() {
    if (times.isEmpty()) {
      return what + ": nothing measured";
    }
    List<Duration> sorted = new ArrayList<>(times);
    sorted.sort(null);
    int middle = sorted.size() / 2;
    Duration median = sorted.size() % 2 == 1 ? sorted.get(middle) : sorted.get(middle - 1).plus(sorted.get(middle)).dividedBy(2);
    return what + " over " + sorted.size() + " runs: median " + median.toMillis() + " ms, max "
        + sorted.get(sorted.size() - 1).toMillis() + " ms";
  }
}
