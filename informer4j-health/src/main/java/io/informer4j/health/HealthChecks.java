package io.informer4j.health;

import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.factory.TypeStatus;
import io.informer4j.informer.InformerState;
import io.informer4j.informer.InformerStatus;
import io.informer4j.reader.MapEntry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Liveness and readiness of a {@link SharedInformerFactory}:
 * <ul>
 *   <li><b>healthy</b> unless some informer is FAILED (gave up for good);</li>
 *   <li><b>ready</b> when the factory is started and every informer whose type is not missing has
 *       synced, is not failing for longer than the grace period, and has not left changes waiting
 *       unapplied to its cache for longer than the grace period (a frozen cache). A normal watch rotation, or a
 *       relist after an expired version, does not flip readiness: an informer stays ready while its
 *       failures are younger than the grace period.</li>
 * </ul>
 * Thread-safe; each call reads a fresh snapshot.
 */
public final class HealthChecks {

  private final SharedInformerFactory factory;
  private final Duration grace;
  private final Clock clock;

  /**
   * @param factory the factory to judge
   * @param grace   how long an informer may fail in a row before it makes the process not ready
   * @param clock   the wall clock the informers' failure times are compared with
   */
  public HealthChecks(SharedInformerFactory factory, Duration grace, Clock clock) {
    this.factory = Objects.requireNonNull(factory, "factory");
    this.grace = Objects.requireNonNull(grace, "grace");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Returns the liveness verdict. */
  public HealthReport liveness() {
    List<String> problems = new ArrayList<>();
    for (TypeStatus status : factory.statuses()) {
      if (status.state() == InformerState.FAILED) {
        problems.add(status.name() + " (" + status.type() + ") failed: " + status.lastError());
      }
    }
    return new HealthReport(problems.isEmpty(), problems);
  }

  /** Returns the readiness verdict. */
  public HealthReport readiness() {
    List<String> problems = new ArrayList<>();
    if (!factory.isStarted()) {
      problems.add("the informer factory is not started");
    }
    Instant now = clock.instant();
    for (MapEntry<?> entry : factory.registered().values()) {
      if (entry.isMissing()) {
        continue;
      }
      InformerStatus status = entry.informer().status();
      String who = entry.informer().name() + " (" + entry.type().key() + ")";
      if (status.state() == InformerState.FAILED) {
        problems.add(who + " failed: " + status.lastError());
      } else if (!status.synced()) {
        problems.add(who + " has not synced (state " + status.state() + ")");
      } else if (status.failingSince() != null && Duration.between(status.failingSince(), now).compareTo(grace) > 0) {
        problems.add(who + " has been failing since " + status.failingSince() + ": " + status.lastError());
      } else if (status.cacheLag().compareTo(grace) > 0) {
        problems.add(who + " has applied no change to its cache for " + status.cacheLag().toSeconds()
            + " s while changes wait: the cache is frozen");
      }
    }
    problems.sort(String::compareTo);
    return new HealthReport(problems.isEmpty(), problems);
  }
}
