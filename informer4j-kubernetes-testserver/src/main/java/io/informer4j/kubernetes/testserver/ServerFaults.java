package io.informer4j.kubernetes.testserver;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The faults the server itself injects, on top of the simulated API's: held watch events, a list
 * cut short, a server that does not know watch-list, and refused writes. Thread-safe.
 */
final class ServerFaults {

  /** Refused writes still to come: each entry refuses one write. Guarded by itself. */
  private final Deque<Statuses.Failure> writeFailures = new ArrayDeque<>();

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

  /** Makes the next {@code count} writes fail with {@code failure}, after those already scripted. */
  void failNextWrites(int count, Statuses.Failure failure) {
    synchronized (writeFailures) {
      for (int i = 0; i < count; i++) {
        writeFailures.addLast(failure);
      }
    }
  }

  /** Returns the failure of this write, if one is scripted, and forgets it. */
  Optional<Statuses.Failure> takeWriteFailure() {
    synchronized (writeFailures) {
      return Optional.ofNullable(writeFailures.pollFirst());
    }
  }
}
