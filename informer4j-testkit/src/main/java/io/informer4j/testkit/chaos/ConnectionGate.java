package io.informer4j.testkit.chaos;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketException;
import java.time.Duration;

/**
 * Whether bytes may pass one proxied connection now: open, stalled until a deadline, black-holed
 * for good, or closed. Forwarding threads wait at the gate before every write. Thread-safe.
 */
final class ConnectionGate {

  private long stalledUntilNanos;
  private boolean stalled;
  private boolean blackHole;
  private boolean closed;

  /** Stops passage for {@code duration} from now; an earlier stall end is pushed back, never forward. */
  synchronized void stall(Duration duration) {
    long until = System.nanoTime() + duration.toNanos();
    if (!stalled || until - stalledUntilNanos > 0) {
      stalledUntilNanos = until;
    }
    stalled = true;
    notifyAll();
  }

  /** Stops passage until the gate closes. */
  synchronized void blackHole() {
    blackHole = true;
    notifyAll();
  }

  /** Ends a stall at once; a black hole stays. */
  synchronized void endStall() {
    stalled = false;
    notifyAll();
  }

  /** Closes the gate: waiting and later callers of {@link #pass()} fail. */
  synchronized void close() {
    closed = true;
    notifyAll();
  }

  /** Returns true when bytes may pass now. */
  synchronized boolean isOpen() {
    return !closed && !blackHole && !stallRemains();
  }

  /** Returns true once black-holed. */
  synchronized boolean isBlackHoled() {
    return blackHole;
  }

  /**
   * Blocks while the connection is stalled or black-holed.
   *
   * @throws IOException if the gate is or becomes closed, or the thread is interrupted
   */
  synchronized void pass() throws IOException {
    while (true) {
      if (closed) {
        throw new SocketException("the proxied connection is closed");
      }
      if (blackHole) {
        waitUpTo(0);
      } else if (stallRemains()) {
        waitUpTo(Math.max(1, (stalledUntilNanos - System.nanoTime()) / 1_000_000));
      } else {
        return;
      }
    }
  }

  private boolean stallRemains() {
    if (stalled && stalledUntilNanos - System.nanoTime() <= 0) {
      stalled = false;
    }
    return stalled;
  }

  private void waitUpTo(long millis) throws IOException {
    try {
      wait(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted at a stalled proxied connection");
    }
  }
}
