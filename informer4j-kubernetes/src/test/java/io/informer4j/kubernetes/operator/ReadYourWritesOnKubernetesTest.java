package io.informer4j.kubernetes.operator;

import io.informer4j.testkit.ReadYourWritesContract;

/**
 * Read-your-writes through the operator toolkit on the Kubernetes test server, over randomized
 * schedules of a controller counting in a custom resource's status (see {@link StatusCounterSchedule}).
 * The backend treats resourceVersions as opaque, so this is the exact-version fallback at work.
 */
class ReadYourWritesOnKubernetesTest extends ReadYourWritesContract {

  ReadYourWritesOnKubernetesTest() {
    super(20_261_201L);
  }

  @Override
  protected Schedule schedule(long seed) {
    return new StatusCounterSchedule(seed);
  }
}
