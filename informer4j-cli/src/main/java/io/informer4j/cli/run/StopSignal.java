package io.informer4j.cli.run;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ends a run on Ctrl-C (SIGINT) or SIGTERM. Both are handled by the program itself, so the JVM does
 * not start shutting down: the run stops cleanly, prints its summary and the program exits with the
 * exit code it chooses. A second signal while the run stops ends the program at once, with
 * 128 + the signal's number. Any other way the JVM shuts down (SIGHUP, or a JVM that lets the
 * program handle no signal) goes through a shutdown hook that waits until the run has stopped and
 * printed its summary (bounded by a grace period). When the run has finished, the signals are
 * handled as before again. Thread-safe.
 */
final class StopSignal {

  private static final Logger log = LoggerFactory.getLogger(StopSignal.class);
  private static final List<String> HANDLED = List.of("INT", "TERM");

  private final CountDownLatch requested = new CountDownLatch(1);
  private final CountDownLatch finished = new CountDownLatch(1);
  private final Thread hook;
  private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();
  private volatile boolean byHook;
  private volatile int signal;

  /** @param grace how long the hook waits for the run to finish before letting the JVM exit */
  StopSignal(Duration grace) {
    this.hook = new Thread(() -> {
      byHook = true;
      requested.countDown();
      try {
        finished.await(grace.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "informer4j-cli-shutdown");
  }

  /** Handles SIGINT and SIGTERM, and installs the shutdown hook. */
  synchronized void install() {
    for (String name : HANDLED) {
      try {
        Signal signal = new Signal(name);
        previous.put(signal, Signal.handle(signal, this::received));
      } catch (IllegalArgumentException unavailable) {
        log.debug("SIG{} cannot be handled here; the shutdown hook stops the run", name, unavailable);
      }
    }
    Runtime.getRuntime().addShutdownHook(hook);
  }

  private void received(Signal received) {
    if (requested.getCount() == 0) {
      Runtime.getRuntime().halt(128 + received.getNumber());
    }
    signal = received.getNumber();
    requested.countDown();
  }

  /** Waits up to {@code timeout} for a stop signal; returns true if it came. */
  boolean await(Duration timeout) throws InterruptedException {
    return requested.await(Math.max(0, timeout.toNanos()), TimeUnit.NANOSECONDS);
  }

  /** Returns the number of the signal that asked the run to stop (2 for Ctrl-C, 15 for SIGTERM), or 0. */
  int signal() {
    return signal;
  }

  /**
   * Says the run has finished, releasing the hook; gives the signals back to their earlier handlers
   * and removes the hook when the JVM is not shutting down.
   */
  synchronized void finished() {
    finished.countDown();
    previous.forEach(Signal::handle);
    previous.clear();
    if (!byHook) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shutdownInProgress) {
        // the hook runs now and returns at once: finished is counted down
      }
    }
  }
}
