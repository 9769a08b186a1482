package io.informer4j.benchmarks.kubernetes;

import io.informer4j.benchmarks.informer.InformerRig;
import io.informer4j.benchmarks.informer.ThreadCensus;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The child JVM of {@link ThreadCensusComparison}: starts one {@link CensusSubject} against the test
 * server, waits until every informer or controller has seen every object, and reports on standard
 * output, in a {@code SYNCED} line, the threads started since before the client was created
 * ({@code started}), those named {@code informer4j-*} ({@code informer4j}), the JVM's live threads
 * ({@code jvm}) and how many started threads have a space or a comma in their name
 * ({@code unreadable}); standard error lists the started threads by name, digits folded. Then, told
 * {@code EVENTS} on standard input once the parent updated every object, waits until every informer
 * or controller saw every update and reports the same figures in an {@code EVENTS} line.
 *
 * <p>Arguments: {@code <subject> <server url> <objects> <size>} (size: informers, or controllers).
 */
public final class ThreadCensusProbe {

  private static final long TIMEOUT_NANOS = TimeUnit.MINUTES.toNanos(5);

  private ThreadCensusProbe() {
  }

  /** Runs the probe; see the class comment. */
  public static void main(String[] args) throws Exception {
    String name = args[0];
    String url = args[1];
    int objects = Integer.parseInt(args[2]);
    int size = Integer.parseInt(args[3]);
    ThreadCensus census = ThreadCensus.take();
    LongAdder seen = new LongAdder();
    try (CensusSubject subject = CensusSubject.named(name, url);
         BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
      subject.start(size, seen);
      long target = subject.target(size, objects);
      awaitSeen(seen, target, name);
      report("SYNCED", census, name + " × " + size + " after the sync");
      if ("EVENTS".equals(in.readLine())) {
        awaitSeen(seen, 2 * target, name);
        report("EVENTS", census, name + " × " + size + " after the events");
      }
    }
    System.exit(0);
  }

  private static void awaitSeen(LongAdder seen, long target, String name) {
    long deadline = System.nanoTime() + TIMEOUT_NANOS;
    while (seen.sum() < target) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(name + " saw " + seen.sum() + " of " + target + " objects within 5 minutes");
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }

  /** Prints the census line {@code label} on standard output, the threads by name on standard error. */
  private static void report(String label, ThreadCensus census, String when) {
    List<String> started = census.newThreads().stream().map(Thread::getName).toList();
    List<String> unreadable = started.stream().filter(n -> n.contains(" ") || n.contains(",")).toList();
    long informer4j = started.stream().filter(n -> n.startsWith(InformerRig.INFORMER4J_THREAD_PREFIX)).count();
    System.out.printf("%s started=%d informer4j=%d jvm=%d unreadable=%d%n", label, started.size(), informer4j,
        ManagementFactory.getThreadMXBean().getThreadCount(), unreadable.size());
    System.out.flush();
    System.err.println("threads of " + when + ": " + folded(started)
        + (unreadable.isEmpty() ? "" : "; names with a space or a comma: " + unreadable));
  }

  private static Map<String, Long> folded(List<String> names) {
    Map<String, Long> byName = new TreeMap<>();
    names.forEach(n -> byName.merge(n.replaceAll("\\d+", "N"), 1L, Long::sum));
    return byName;
  }
}
