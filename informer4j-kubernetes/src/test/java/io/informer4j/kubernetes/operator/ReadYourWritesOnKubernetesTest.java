package io.informer4j.kubernetes.operator;

import io.informer4j.testkit.ReadYourWritesContract;
import org.junit.jupiter.api.Nested;

/**
 * Read-your-writes through the operator toolkit on the Kubernetes test server, over randomized
 * schedules of a controller counting in a custom resource's status (see {@link StatusCounterSchedule}):
 * on a server saying Kubernetes 1.35, whose resourceVersions the backend compares as numbers, and on
 * one saying 1.34, older than comparable resourceVersions (KEP-5504), where it falls back to exact
 * matches.
 */
class ReadYourWritesOnKubernetesTest {

  /** The contract on a server reporting {@code version}. */
  abstract static class OnServer extends ReadYourWritesContract {
    private final String version;

    OnServer(long baseSeed, String version) {
      super(baseSeed);
      this.version = version;
    }

    @Override
    protected Schedule schedule(long seed) {
      return new StatusCounterSchedule(seed, version);
    }
  }

  @Nested
  class ComparableResourceVersions extends OnServer {
    ComparableResourceVersions() {
      super(20_261_201L, "v1.35.0");
    }
  }

  @Nested
  class OpaqueResourceVersions extends OnServer {
    OpaqueResourceVersions() {
      super(20_261_202L, "v1.34.0");
    }
  }
}
