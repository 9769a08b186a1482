package io.informer4j.kubernetes.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Read-your-writes through the operator toolkit on the Kubernetes test server, over randomized
 * schedules of a controller counting in a custom resource's status (see {@link StatusCounterSchedule}):
 * with it on, no reconcile reads a count below the one it last wrote and no status write conflicts;
 * with it off, the same schedules read stale counts. The backend treats resourceVersions as opaque, so
 * this is the exact-version fallback at work. The base seed is fixed (override with
 * {@code -Dinformer4j.ryw.seed=<n>}); every failure names the schedule's own seed and settings.
 */
class ReadYourWritesOnKubernetesTest {

  private static final long BASE_SEED = Long.getLong("informer4j.ryw.seed", 20_261_201L);
  private static final int SCHEDULES = 8;

  private static List<StatusCounterSchedule> schedules() {
    Random seeds = new Random(BASE_SEED);
    List<StatusCounterSchedule> schedules = new ArrayList<>();
    for (int i = 0; i < SCHEDULES; i++) {
      schedules.add(new StatusCounterSchedule(seeds.nextLong()));
    }
    return schedules;
  }

  @Test
  void aReconcilerTriggeredAgainAtOnceNeverReadsTheStatusBeforeItsOwnWrite() throws InterruptedException {
    long held = 0;
    for (StatusCounterSchedule schedule : schedules()) {
      StatusCounterSchedule.Outcome outcome = schedule.run(true);
      assertThat(outcome.staleReads()).as("stale reads with read-your-writes on, base seed %d, %s", BASE_SEED, schedule)
          .isEmpty();
      assertThat(outcome.conflicts()).as("conflicts with read-your-writes on, base seed %d, %s", BASE_SEED, schedule)
          .isZero();
      assertThat(outcome.ownWrites().recorded()).as("%s", schedule).isPositive();
      assertThat(outcome.ownWrites().timedOut()).as("%s", schedule).isZero();
      held += outcome.ownWrites().held();
    }
    assertThat(held).as("reconciles held back until the cache showed the write, base seed %d", BASE_SEED).isPositive();
  }

  @Test
  void theSameSchedulesReadStaleStatusWithReadYourWritesOff() throws InterruptedException {
    List<String> staleReads = new ArrayList<>();
    for (StatusCounterSchedule schedule : schedules()) {
      StatusCounterSchedule.Outcome outcome = schedule.run(false);
      assertThat(outcome.ownWrites().recorded()).isZero();
      outcome.staleReads().forEach(read -> staleReads.add(schedule + ": " + read));
    }
    assertThat(staleReads).as("stale reads with read-your-writes off, base seed %d", BASE_SEED).isNotEmpty();
  }
}
