package io.informer4j.benchmarks.kubernetes;

import java.util.concurrent.atomic.LongAdder;

/**
 * What a {@link ThreadCensusProbe} JVM runs over the test server's ConfigMaps before it counts its
 * threads: a client's informers, or controllers on a manager.
 */
interface CensusSubject extends AutoCloseable {

  /**
   * Starts {@code size} informers or controllers; each object seen (added or updated, or reconciled)
   * counts in {@code seen}.
   */
  void start(int size, LongAdder seen) throws Exception;

  /**
   * Returns the count of {@code seen} that means every informer or controller saw every one of
   * {@code objects} once (after the sync; twice once each object was updated once).
   */
  long target(int size, int objects);

  /** Stops everything the subject started. */
  @Override
  void close() throws Exception;

  /**
   * Returns the subject named on the command line: {@code informer4j-manager-controllers}
   * ({@link ManagerControllersCensus}), or a client {@link ProbeClient#named} knows, whose informers
   * count their adds and updates.
   */
  static CensusSubject named(String name, String url) {
    if (name.equals("informer4j-manager-controllers")) {
      return new ManagerControllersCensus(url);
    }
    ProbeClient client = ProbeClient.named(name, url);
    return new CensusSubject() {
      @Override
      public void start(int size, LongAdder seen) throws Exception {
        client.start(size, seen, seen);
      }

      @Override
      public long target(int size, int objects) {
        return objects;
      }

      @Override
      public void close() throws Exception {
        client.close();
      }
    };
  }
}
