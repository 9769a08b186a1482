package io.informer4j.testsupport.process;

import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The registry of the test JVM's {@link ChildProcess}es that have not been stopped: numbered in
 * start order (so a scope can ask for what started after its mark), and stopped by a shutdown hook
 * when the JVM ends. Thread-safe.
 */
final class ChildProcesses {

  /** Creates a child process with the sequence number it is given. */
  interface Starter {
    ChildProcess start(long sequence) throws IOException;
  }

  private static final AtomicLong SEQUENCE = new AtomicLong();
  private static final Set<ChildProcess> LIVE = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(ChildProcesses::stopAll, "child-process-reaper"));
  }

  private ChildProcesses() {
  }

  static ChildProcess register(Starter starter) throws IOException {
    ChildProcess started = starter.start(SEQUENCE.incrementAndGet());
    LIVE.add(started);
    return started;
  }

  static void forget(ChildProcess process) {
    LIVE.remove(process);
  }

  /** Returns the sequence number of the last process started so far. */
  static long mark() {
    return SEQUENCE.get();
  }

  /**
   * Returns the processes started after {@code mark} that still run and were never asked to stop,
   * in start order; the ones that ended meanwhile are forgotten.
   */
  static List<ChildProcess> runningSince(long mark) {
    LIVE.removeIf(process -> !process.isAlive());
    return LIVE.stream()
        .filter(process -> process.sequence() > mark && !process.stopRequested())
        .sorted(Comparator.comparingLong(ChildProcess::sequence))
        .toList();
  }

  private static void stopAll() {
    for (ChildProcess process : List.copyOf(LIVE)) {
      try {
        process.stop();
      } catch (RuntimeException e) {
        System.err.println("could not stop the child process " + process + ": " + e);
      }
    }
  }
}
