package io.informer4j.manager;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Read-your-writes over randomized schedules of a counting controller (see {@link CounterSchedule}):
 * with it on, no reconcile ever reads a count below the one it last wrote; with it off, the same
 * schedules do. The base seed is fixed (override with {@code -Dinformer4j.ryw.seed=<n>}); every
 * failure names the schedule's own seed and settings, which reproduce it.
 */
class ReadYourWritesScheduleTest {

  private static final long BASE_SEED = Long.getLong("informer4j.ryw.seed", 20_260_523L);
  private static final int SCHEDULES = 8;

  private static List<CounterSchedule> schedules() {
    Random seeds = new Random(BASE_SEED);
    List<CounterSchedule> schedules = new ArrayList<>();
    for (int i = 0; i < SCHEDULES; i++) {
      schedules.add(new CounterSchedule(seeds.nextLong()));
    }
    return schedules;
  }

  @Test
  void aReconcilerTriggeredAgainAtOnceNeverReadsTheStateBeforeItsOwnWrite() throws InterruptedException {
    long held = 0;
    for (CounterSchedule schedule : schedules()) {
      CounterSchedule.Outcome outcome = schedule.run(true);
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
  void theSameSchedulesReadStaleStateWithReadYourWritesOff() throws InterruptedException {
    List<String> staleReads = new ArrayList<>();
    for (CounterSchedule schedule : schedules()) {
      CounterSchedule.Outcome outcome = schedule.run(false);
      assertThat(outcome.ownWrites().recorded()).isZero();
      outcome.staleReads().forEach(read -> staleReads.add(schedule + ": " + read));
      if (!staleReads.isEmpty()) {
        break;
      }
    }
    assertThat(staleReads).as("stale reads with read-your-writes off, base seed %d", BASE_SEED).isNotEmpty();
  }
}
