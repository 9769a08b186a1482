package io.informer4j.informer;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * How far an informer's list in progress has got: what a status page shows so that the first sync
 * of a large type is not a silent wait. Covers every page of a paged list, or the initial events of
 * a watch-list stream. Immutable.
 *
 * @param objects   objects received from the source so far by this list, counted before the
 *                  transform decides whether to keep them; a list that restarts counts from zero
 * @param startedAt when this list began
 */
public record ListProgress(long objects, Instant startedAt) {

  /**
   * @throws IllegalArgumentException if {@code objects} is negative
   * @throws NullPointerException     if {@code startedAt} is null
   */
  public ListProgress {
    if (objects < 0) {
      throw new IllegalArgumentException("objects must not be negative: " + objects);
    }
    Objects.requireNonNull(startedAt, "startedAt");
  }

  /**
   * Returns the mean rate since the list began, in objects per second, as of {@code now}; zero
   * when no time has passed.
   */
  public double perSecond(Instant now) {
    long nanos = Duration.between(startedAt, now).toNanos();
    return nanos <= 0 ? 0 : objects * 1e9 / nanos;
  }
}
