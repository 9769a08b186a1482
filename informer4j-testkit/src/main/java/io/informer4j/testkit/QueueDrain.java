package io.informer4j.testkit;

import io.informer4j.queue.WorkQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Empties a work queue in tests that check what was routed to it. */
public final class QueueDrain {

  private QueueDrain() {
  }

  /**
   * Takes and finishes every item queued right now, without blocking, and returns them in hand-out
   * order. Items added while it runs may or may not be included. Call from one thread at a time.
   */
  public static <K> List<K> drain(WorkQueue<K> queue) {
    List<K> items = new ArrayList<>();
    for (Optional<K> next = queue.poll(); next.isPresent(); next = queue.poll()) {
      items.add(next.get());
      queue.done(next.get());
    }
    return items;
  }
}
