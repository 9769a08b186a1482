package io.informer4j.benchmarks.informer;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The live threads at one moment, to tell which threads something started later, count them, and
 * check that they all ended after it stopped.
 *
 * <p>Immutable; methods may be called from any thread.
 */
public final class ThreadCensus {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final Set<Thread> baseline;
  private final int baselineCount;

  private ThreadCensus(Set<Thread> baseline, int baselineCount) {
    this.baseline = baseline;
    this.baselineCount = baselineCount;
  }

  /** Records the threads alive now. */
  public static ThreadCensus take() {
    Set<Thread> alive = Collections.newSetFromMap(new IdentityHashMap<>());
    alive.addAll(liveThreads());
    return new ThreadCensus(Collections.unmodifiableSet(alive), THREADS.getThreadCount());
  }

  /** Returns the JVM's live thread count now minus at the census. */
  public int liveThreadDelta() {
    return THREADS.getThreadCount() - baselineCount;
  }

  /** Returns how many live threads have a name starting with {@code prefix} (whenever they started). */
  public static int countNamed(String prefix) {
    int count = 0;
    for (Thread thread : liveThreads()) {
      if (thread.getName().startsWith(prefix)) {
        count++;
      }
    }
    return count;
  }

  /** Returns the live threads that did not exist at the census. */
  public List<Thread> newThreads() {
    List<Thread> started = new ArrayList<>();
    for (Thread thread : liveThreads()) {
      if (!baseline.contains(thread)) {
        started.add(thread);
      }
    }
    return started;
  }

  /**
   * Waits until every thread started since the census that {@code which} selects has ended (the
   * selection leaves out threads of bystanders, such as a profiler's).
   *
   * @throws IllegalStateException if some are still alive after {@code timeout}, naming them
   * @throws InterruptedException  if interrupted while waiting
   */
  public void awaitNewThreadsEnded(Duration timeout, Predicate<Thread> which) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    for (Thread thread : newThreads()) {
      if (which.test(thread)) {
        TimeUnit.NANOSECONDS.timedJoin(thread, Math.max(1, deadline - System.nanoTime()));
      }
    }
    List<Thread> leftover = newThreads().stream().filter(which).toList();
    if (!leftover.isEmpty()) {
      throw new IllegalStateException(leftover.size() + " thread(s) still alive " + timeout + " after stopping: "
          + leftover.stream().map(Thread::getName).toList());
    }
  }

  private static List<Thread> liveThreads() {
    ThreadGroup root = Thread.currentThread().getThreadGroup();
    while (root.getParent() != null) {
      root = root.getParent();
    }
    Thread[] threads = new Thread[root.activeCount() + 16];
    int count;
    while ((count = root.enumerate(threads, true)) == threads.length) {
      threads = new Thread[threads.length * 2];
    }
    return Arrays.asList(threads).subList(0, count);
  }
}
