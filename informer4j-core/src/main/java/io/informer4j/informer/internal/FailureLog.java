package io.informer4j.informer.internal;

import io.informer4j.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;

/**
 * Logs an informer's failing list and watch attempts with growing spacing, so a backend that stays
 * down for hours costs a line a minute, not a line a second: the first failure of a streak at WARN;
 * later ones at DEBUG, except at most one WARN per interval that counts the failures since the last
 * WARN; and one INFO when an attempt succeeds after a logged failure. Status, metrics and readiness
 * show every failure whatever this logs. Thread-safe.
 */
final class FailureLog {

  /** The least time between two WARN lines of one informer after its first failure. */
  static final Duration INTERVAL = Duration.ofMinutes(1);

  private final Logger log;
  private final Clock clock;
  private final String informer;
  private boolean failing;
  private boolean streakWarned;
  private boolean warnedOnce;
  private long lastWarnNanos;
  private int sinceWarn;
  private int streak;

  FailureLog(Logger log, Clock clock, String informer) {
    this.log = log;
    this.clock = clock;
    this.informer = informer;
  }

  /** Logs one failed attempt: {@code what} names the source, {@code error} says what went wrong. */
  synchronized void failed(String what, Throwable error) {
    long now = clock.nanoTime();
    boolean firstOfStreak = !failing;
    failing = true;
    streak++;
    if (warnedOnce && now - lastWarnNanos < INTERVAL.toNanos()) {
      sinceWarn++;
      log.debug("informer {}: {} failed ({} in a row): {}", informer, what, streak, error.toString());
      return;
    }
    if (firstOfStreak && sinceWarn == 0) {
      log.warn("informer {}: {} failed: {}", informer, what, error.toString());
    } else {
      log.warn("informer {}: {} still failing: {} failed attempts since the last report, {} in a row; last: {}",
          informer, what, sinceWarn + 1, streak, error.toString());
    }
    warnedOnce = true;
    streakWarned = true;
    lastWarnNanos = now;
    sinceWarn = 0;
  }

  /** Notes a successful attempt: ends the streak, at INFO if one of its failures was logged at WARN. */
  synchronized void succeeded(String what) {
    if (!failing) {
      return;
    }
    if (streakWarned) {
      log.info("informer {}: {} works again after {} failed attempts", informer, what, streak);
    } else {
      log.debug("informer {}: {} works again after {} failed attempts", informer, what, streak);
    }
    failing = false;
    streakWarned = false;
    streak = 0;
  }
}
