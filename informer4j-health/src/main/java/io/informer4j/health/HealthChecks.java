package io.informer4j.health;

import io.informer4j.controller.ControllerState;
import io.informer4j.informer.InformerState;
import io.informer4j.informer.InformerStatus;
import io.informer4j.manager.ControllerStatus;
import io.informer4j.manager.Manager;
import io.informer4j.reader.MapEntry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Liveness and readiness of a {@link Manager}:
 * <ul>
 *   <li><b>alive</b> unless the manager stopped after a failure, an informer FAILED (gave up for
 *       good) or a controller FAILED (could not start);</li>
 *   <li><b>ready</b> when the manager runs, every controller runs (its watched types synced), and
 *       every informer whose type is not missing has synced, is not failing for longer than the
 *       grace period, and has not left changes unapplied to its cache for longer than the grace
 *       period (a frozen cache). A normal watch rotation, or a relist after an expired version, does
 *       not flip readiness: an informer stays ready while its failures are younger than the grace.</li>
 * </ul>
 * Thread-safe; each call reads a fresh snapshot.
 */
public final class HealthChecks {

  private final Manager manager;
  private final Duration grace;
  private final Clock clock;

  /**
   * @param manager the manager to judge
   * @param grace   how long an informer may fail in a row, or its cache stand still with changes
   *                waiting, before it makes the process not ready
   * @param clock   the wall clock the informers' failure times are compared with
   */
  public HealthChecks(Manager manager, Duration grace, Clock clock) {
    this.manager = Objects.requireNonNull(manager, "manager");
    this.grace = Objects.requireNonNull(grace, "grace");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Returns the liveness verdict. */
  public HealthReport liveness() {
    List<String> problems = new ArrayList<>();
    if (manager.stopped().isCompletedExceptionally()) {
      problems.add("the manager stopped after a failure");
    }
    for (MapEntry<?> entry : manager.cache().entries()) {
      InformerStatus status = entry.informer().status();
      if (status.state() == InformerState.FAILED) {
        problems.add(who(entry) + " failed: " + status.lastError());
      }
    }
    for (ControllerStatus controller : manager.controllers()) {
      if (controller.state() == ControllerState.FAILED) {
        problems.add("controller '" + controller.name() + "' failed: " + controller.failure());
      }
    }
    return new HealthReport(problems.isEmpty(), problems);
  }

  /** Returns the readiness verdict. */
  public HealthReport readiness() {
    List<String> problems = new ArrayList<>();
    if (!manager.cache().isRunning()) {
      problems.add("the manager is not running");
    }
    Instant now = clock.instant();
    for (MapEntry<?> entry : manager.cache().entries()) {
      if (entry.isMissing()) {
        continue;
      }
      InformerStatus status = entry.informer().status();
      if (status.state() == InformerState.FAILED) {
        problems.add(who(entry) + " failed: " + status.lastError());
      } else if (!status.synced()) {
        problems.add(who(entry) + " has not synced (state " + status.state() + ")");
      } else if (status.failingSince() != null && Duration.between(status.failingSince(), now).compareTo(grace) > 0) {
        problems.add(who(entry) + " has been failing since " + status.failingSince() + ": " + status.lastError());
      } else if (status.cacheLag().compareTo(grace) > 0) {
        problems.add(who(entry) + " has applied no change to its cache for " + status.cacheLag().toSeconds()
            + " s while changes wait: the cache is frozen");
      }
    }
    for (ControllerStatus controller : manager.controllers()) {
      if (controller.state() != ControllerState.RUNNING) {
        problems.add("controller '" + controller.name() + "' is " + controller.state());
      } else if (controller.allWorkersStuck()) {
        problems.add("controller '" + controller.name() + "': every worker is stuck in a reconcile (" + String.join(", ",
            controller.stuckReconciles()) + "); no other key is reconciled");
      }
    }
    problems.sort(String::compareTo);
    return new HealthReport(problems.isEmpty(), problems);
  }

  private static String who(MapEntry<?> entry) {
    return entry.informer().name() + " (" + entry.type().key() + ")";
  }
}
