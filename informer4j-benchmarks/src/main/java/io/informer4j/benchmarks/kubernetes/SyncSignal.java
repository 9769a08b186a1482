package io.informer4j.benchmarks.kubernetes;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * When a probed client first {@linkplain ProbeClient#reportsSynced() says it has synced}, and how
 * many initial adds its handler had seen by then: a client that says so before its handler has
 * seen the whole initial list lets a controller start on a partial view. Checked by the thread that
 * polls the add count, so the client's informer lists need no locking; not thread-safe.
 */
final class SyncSignal {

  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  private final ProbeClient client;
  private final LongAdder adds;
  private final long startNanos;
  private long signalNanos = -1;
  private long addsAtSignal = -1;

  SyncSignal(ProbeClient client, LongAdder adds, long startNanos) {
    this.client = client;
    this.adds = adds;
    this.startNanos = startNanos;
  }

  /** Records the time and the add count if the client says it has synced for the first time. */
  void check() {
    if (signalNanos < 0 && client.reportsSynced()) {
      addsAtSignal = adds.sum();
      signalNanos = System.nanoTime() - startNanos;
    }
  }

  /** Keeps checking every millisecond for at most {@code timeoutMillis} until the client says it has synced. */
  void awaitFor(long timeoutMillis) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    check();
    while (signalNanos < 0 && System.nanoTime() < deadline) {
      LockSupport.parkNanos(POLL_NANOS);
      check();
    }
  }

  /** Milliseconds from the start to the signal, or -1 if it was not seen. */
  long millis() {
    return signalNanos < 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(signalNanos);
  }

  /** The handler's add count when the signal was seen, or -1 if it was not seen. */
  long addsAtSignal() {
    return addsAtSignal;
  }
}
