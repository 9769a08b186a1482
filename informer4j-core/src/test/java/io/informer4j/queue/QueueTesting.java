package io.informer4j.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** Helpers shared by the queue tests (and the factory tests, which drain queues too). */
public final class QueueTesting {

  private QueueTesting() {
  }

  /** A call that may be interrupted. */
  @FunctionalInterface
  interface Blocking<T> {
    T call() throws InterruptedException;
  }

  /** Takes and finishes every queued item, returning them in hand-out order. */
  public static <K> List<K> drain(WorkQueue<K> queue) {
    List<K> items = new ArrayList<>();
    for (Optional<K> next = queue.poll(); next.isPresent(); next = queue.poll()) {
      items.add(next.get());
      queue.done(next.get());
    }
    return items;
  }

  /** Runs {@code call} on another thread. */
  static <T> CompletableFuture<T> async(Blocking<T> call) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return call.call();
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
  }
}
