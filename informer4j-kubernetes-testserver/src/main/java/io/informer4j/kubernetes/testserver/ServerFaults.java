package io.informer4j.kubernetes.testserver;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The faults the server itself injects, on top of the simulated API's: held watch events, a list
 * cut short, and a server that does not know watch-list. Thread-safe.
 */
final class ServerFaults {

  private final WatchGate watchGate = new WatchGate();
  private final AtomicInteger nextListCut = new AtomicInteger(ListResponder.NO_CUT);
  private volatile boolean ignoreSendInitialEvents;

  WatchGate watchGate() {
    return watchGate;
  }

  /** Makes the next list break off after {@code items} items. */
  void cutNextListAfter(int items) {
    nextListCut.set(items);
  }

  /** Returns the cut of this list ({@link ListResponder#NO_CUT} when none) and forgets it. */
  int takeListCut() {
    return nextListCut.getAndSet(ListResponder.NO_CUT);
  }

  void ignoreSendInitialEvents(boolean ignore) {
    ignoreSendInitialEvents = ignore;
  }

  /** Returns false while the server ignores {@code sendInitialEvents} and {@code resourceVersionMatch} on watches. */
  boolean knowsWatchList() {
    return !ignoreSendInitialEvents;
  }
}
