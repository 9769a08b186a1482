package io.informer4j.controller;

import io.informer4j.time.Scheduler;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A scheduler over the JDK's shared delayed executor ({@link CompletableFuture#delayedExecutor}),
 * for the sync timeout of a controller built without a scheduler: it needs no thread of its own.
 * Thread-safe.
 */
final class DelayedExecutorScheduler implements Scheduler {

  static final DelayedExecutorScheduler INSTANCE = new DelayedExecutorScheduler();

  private DelayedExecutorScheduler() {
  }

  @Override
  public Cancellable schedule(Duration delay, Runnable task) {
    AtomicBoolean cancelled = new AtomicBoolean();
    CompletableFuture.delayedExecutor(Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS).execute(() -> {
      if (cancelled.compareAndSet(false, true)) {
        task.run();
      }
    });
    return () -> cancelled.compareAndSet(false, true);
  }
}
