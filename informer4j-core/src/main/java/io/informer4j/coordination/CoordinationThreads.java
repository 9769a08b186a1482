package io.informer4j.coordination;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/** Creates the daemon schedulers coordination backends run their rounds, keep-alives and elections on. */
public final class CoordinationThreads {

  private CoordinationThreads() {
  }

  /** Returns a scheduler of {@code threads} daemon threads, each named {@code name}. The caller shuts it down. */
  public static ScheduledExecutorService scheduler(String name, int threads) {
    return Executors.newScheduledThreadPool(threads, task -> {
      Thread thread = new Thread(task, name);
      thread.setDaemon(true);
      return thread;
    });
  }
}
