package io.informer4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.manager.OwnWrites;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Read-your-writes as an abstract JUnit 5 test over randomized schedules of a counting controller:
 * each reconcile reads its object from the cache, writes {@code count + 1} with the read version as
 * precondition, records the write in the controller's {@link OwnWrites} and enqueues the key again at
 * once. With read-your-writes on, no reconcile reads a count below the one it last wrote and no write
 * conflicts; with it off, the same schedules read stale counts. Extend it per backend and build the
 * schedule of a seed.
 *
 * <p>The base seed is given by the subclass and overridden with {@code -Dinformer4j.ryw.seed=<n>};
 * every failure names the base seed and the schedule (whose {@code toString} must name its own seed
 * and settings, which reproduce it).
 */
public abstract class ReadYourWritesContract {

  private static final int SCHEDULES = 8;

  private final long baseSeed;

  /** @param defaultBaseSeed the base seed the schedules' seeds derive from, unless the property names one */
  protected ReadYourWritesContract(long defaultBaseSeed) {
    this.baseSeed = Long.getLong("informer4j.ryw.seed", defaultBaseSeed);
  }

  /** One randomized run of the counting controller. */
  public interface Schedule {

    /** Runs with read-your-writes on or off; returns once every counter reached its target. */
    Outcome run(boolean readYourWrites) throws InterruptedException;
  }

  /**
   * What a run saw.
   *
   * @param staleReads a line per read of a count below the one the controller last wrote for the key
   * @param conflicts  the writes refused because their precondition (the version read) was old
   * @param ownWrites  the controller's own-writes record, with its counters
   */
  public record Outcome(List<String> staleReads, long conflicts, OwnWrites ownWrites) {

    /** Copies the stale reads. */
    public Outcome {
      staleReads = List.copyOf(staleReads);
    }
  }

  /** Returns the schedule that {@code seed} chooses. */
  protected abstract Schedule schedule(long seed);

  private List<Schedule> schedules() {
    Random seeds = new Random(baseSeed);
    List<Schedule> schedules = new ArrayList<>();
    for (int i = 0; i < SCHEDULES; i++) {
      schedules.add(schedule(seeds.nextLong()));
    }
    return schedules;
  }

  @Test
  public void aReconcilerTriggeredAgainAtOnceNeverReadsTheStateBeforeItsOwnWrite() throws InterruptedException {
    long held = 0;
    for (Schedule schedule : schedules()) {
      Outcome outcome = schedule.run(true);
      assertThat(outcome.staleReads()).as("stale reads with read-your-writes on, base seed %d, %s", baseSeed, schedule)
          .isEmpty();
      assertThat(outcome.conflicts()).as("conflicts with read-your-writes on, base seed %d, %s", baseSeed, schedule)
          .isZero();
      assertThat(outcome.ownWrites().recorded()).as("%s", schedule).isPositive();
      assertThat(outcome.ownWrites().timedOut()).as("%s", schedule).isZero();
      assertThat(outcome.ownWrites().unrecorded()).as("every write recorded, none taken for unrecorded, %s", schedule)
          .isZero();
      held += outcome.ownWrites().held();
    }
    assertThat(held).as("reconciles held back until the cache showed the write, base seed %d", baseSeed).isPositive();
  }

  @Test
  public void theSameSchedulesReadStaleStateWithReadYourWritesOff() throws InterruptedException {
    List<String> staleReads = new ArrayList<>();
    for (Schedule schedule : schedules()) {
      Outcome outcome = schedule.run(false);
      assertThat(outcome.ownWrites().recorded()).isZero();
      outcome.staleReads().forEach(read -> staleReads.add(schedule + ": " + read));
    }
    assertThat(staleReads).as("stale reads with read-your-writes off, base seed %d", baseSeed).isNotEmpty();
  }
}
