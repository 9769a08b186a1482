package io.informer4j.manager;

import io.informer4j.testkit.ReadYourWritesContract;

/**
 * Read-your-writes on the simulated API, over randomized schedules of a counting controller (see
 * {@link CounterSchedule}); numeric resourceVersions.
 */
class ReadYourWritesScheduleTest extends ReadYourWritesContract {

  ReadYourWritesScheduleTest() {
    super(20_260_523L);
  }

  @Override
  protected Schedule schedule(long seed) {
    return new CounterSchedule(seed);
  }
}
