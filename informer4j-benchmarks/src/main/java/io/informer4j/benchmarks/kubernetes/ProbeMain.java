package io.informer4j.benchmarks.kubernetes;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadInfo;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The child JVM of {@link KubernetesComparison}: runs one client's informers against the test server
 * and reports, on standard output, the time until its handler saw every object, the peak heap
 * during that initial sync and the heap retained after it (both over the baseline before the
 * client started), the live threads, when the client said it had synced and how many adds its
 * handler had seen then ({@link SyncSignal}; -1 if it did not say so within 10 s of the handler
 * seeing every object), and then, after each {@code GO <label> <m>} of the parent, how fast
 * {@code m} MODIFIED events reached the handler (reported as {@code <label>_events_per_s}); it
 * answers {@code READY} once it noted where its count starts, and the parent sends events only then.
 * After {@code IDLE <s>} it reports the live threads after the events ({@code threads_after_events}),
 * waits {@code s} seconds and reports them again ({@code idle_threads}).
 *
 * <p>Arguments: {@code <client> <server url> <objects> <informers>}.
 */
public final class ProbeMain {

  private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();
  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
  private static final long REPORT_NANOS = TimeUnit.SECONDS.toNanos(30);
  /** How long after its handler saw every object a client may still take to say it has synced. */
  private static final long SIGNAL_WAIT_MILLIS = 10_000;

  private ProbeMain() {
  }

  /** Runs the probe; see the class comment. */
  public static void main(String[] args) throws Exception {
    String clientName = args[0];
    String url = args[1];
    int objects = Integer.parseInt(args[2]);
    int informers = Integer.parseInt(args[3]);
    long baseline = settledHeap();
    AtomicLong peak = new AtomicLong(baseline);
    Thread sampler = new Thread(() -> {
      while (!Thread.currentThread().isInterrupted()) {
        peak.accumulateAndGet(MEMORY.getHeapMemoryUsage().getUsed(), Math::max);
        LockSupport.parkNanos(POLL_NANOS);
      }
    }, "heap-sampler");
    sampler.setDaemon(true);
    LongAdder adds = new LongAdder();
    LongAdder updates = new LongAdder();
    try (ProbeClient client = ProbeClient.named(clientName, url)) {
      sampler.start();
      long start = System.nanoTime();
      SyncSignal signal = new SyncSignal(client, adds, start);
      client.start(informers, adds, updates);
      awaitCount(adds, objects, "adds", client, signal::check);
      long syncNanos = System.nanoTime() - start;
      sampler.interrupt();
      sampler.join();
      signal.awaitFor(SIGNAL_WAIT_MILLIS);
      long retained = settledHeap() - baseline;
      int threads = countThreads("after the sync");
      System.out.printf("SYNCED sync_ms=%d peak_mib=%.1f retained_bytes_per_object=%d threads=%d cached=%d "
              + "synced_signal_ms=%d adds_at_synced_signal=%d%n",
          TimeUnit.NANOSECONDS.toMillis(syncNanos), (peak.get() - baseline) / 1048576.0, retained / objects, threads,
          client.cached(), signal.millis(), signal.addsAtSignal());
      System.out.flush();
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      for (String command = in.readLine(); command != null; command = in.readLine()) {
        String[] words = command.split(" ");
        if ("GO".equals(words[0])) {
          countEvents(words[1], Long.parseLong(words[2]), updates, client);
        } else if ("IDLE".equals(words[0])) {
          int afterEvents = countThreads("after the events");
          Thread.sleep(TimeUnit.SECONDS.toMillis(Long.parseLong(words[1])));
          System.out.printf("IDLE threads_after_events=%d idle_threads=%d%n", afterEvents, countThreads("idle"));
          System.out.flush();
        }
      }
    }
    System.out.flush();
    System.exit(0);
  }

  /** Answers READY, waits for {@code events} more updates and reports their rate as {@code <label>_events_per_s}. */
  private static void countEvents(String label, long events, LongAdder updates, ProbeClient client) {
    long before = updates.sum();
    System.out.println("READY");
    System.out.flush();
    long eventsStart = System.nanoTime();
    awaitCount(updates, before + events, "updates", client, () -> { });
    double seconds = (System.nanoTime() - eventsStart) / 1e9;
    System.out.printf("EVENTS %s_events_per_s=%.0f%n", label, events / seconds);
    System.out.flush();
  }

  /**
   * Returns the JVM's live thread count and lists, on standard error, the live threads by name
   * (digits folded), so a census says whose threads they are.
   */
  private static int countThreads(String when) {
    Map<String, Long> byName = new TreeMap<>();
    for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(false, false)) {
      byName.merge(info.getThreadName().replaceAll("\\d+", "N"), 1L, Long::sum);
    }
    System.err.println("threads " + when + ": " + byName);
    return ManagementFactory.getThreadMXBean().getThreadCount();
  }

  /**
   * Waits for the count, running {@code eachPoll} at every check; every 30 s without it, reports on
   * standard error how far it got and the client's state.
   */
  private static void awaitCount(LongAdder counter, long target, String what, ProbeClient client, Runnable eachPoll) {
    long start = System.nanoTime();
    long deadline = start + TimeUnit.MINUTES.toNanos(10);
    long nextReport = start + REPORT_NANOS;
    while (counter.sum() < target) {
      eachPoll.run();
      long now = System.nanoTime();
      if (now > deadline) {
        throw new IllegalStateException("only " + counter.sum() + " of " + target + " " + what + " within 10 minutes");
      }
      if (now > nextReport) {
        System.err.printf("probe: %d of %d %s after %d s; %s%n", counter.sum(), target, what,
            TimeUnit.NANOSECONDS.toSeconds(now - start), client.describe());
        nextReport = now + REPORT_NANOS;
      }
      LockSupport.parkNanos(POLL_NANOS);
    }
  }

  private static long settledHeap() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return MEMORY.getHeapMemoryUsage().getUsed();
  }
}
