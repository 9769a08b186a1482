package io.informer4j.kubernetes.testserver;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** Executors of daemon threads named after what they do, for the server's background work. */
final class DaemonThreads {

  private DaemonThreads() {
  }

  /** Returns an executor that runs tasks one at a time, in order, on a daemon thread named {@code name}. */
  static ExecutorService single(String name) {
    return Executors.newSingleThreadExecutor(task -> daemon(task, name));
  }

  /** Returns a cached pool of daemon threads named {@code name-<n>}. */
  static ExecutorService cached(String name) {
    AtomicInteger ids = new AtomicInteger();
    return Executors.newCachedThreadPool(task -> daemon(task, name + "-" + ids.incrementAndGet()));
  }

  private static Thread daemon(Runnable task, String name) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    return thread;
  }
}
