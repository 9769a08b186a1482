package io.informer4j.queue;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * Model checking of the work queue with Lincheck: it explores thread interleavings of
 * {@code add}, {@code poll} (the non-blocking get), {@code done}, {@code len} and {@code shutDown}
 * and checks each result against {@link SequentialWorkQueue}, a plain single-threaded statement of
 * client-go's dirty/processing rules. Keys come from a small range so operations collide.
 */
@Param(name = "item", gen = IntGen.class, conf = "1:3")
public class WorkQueueLincheckTest {

  private final PriorityWorkQueue<Integer> queue = WorkQueue.<Integer>builder()
      .rateLimiter(RateLimiter.exponential(Duration.ofMillis(1), Duration.ofSeconds(1)))
      .build();

  @Operation
  public boolean add(@Param(name = "item") int item) {
    return queue.add(item);
  }

  @Operation
  public Integer poll() {
    return queue.poll().orElse(null);
  }

  @Operation
  public void done(@Param(name = "item") int item) {
    queue.done(item);
  }

  @Operation
  public int len() {
    return queue.len();
  }

  @Operation
  public void shutDown() {
    queue.shutDown();
  }

  @Test
  void modelCheckAgainstTheSequentialSpecification() {
    new ModelCheckingOptions()
        .iterations(10)
        .invocationsPerIteration(200)
        .threads(3)
        .actorsPerThread(3)
        .actorsBefore(2)
        .actorsAfter(2)
        .sequentialSpecification(SequentialWorkQueue.class)
        .check(WorkQueueLincheckTest.class);
  }

  /** client-go's work queue rules, stated sequentially. */
  public static final class SequentialWorkQueue {
    private final ArrayDeque<Integer> queued = new ArrayDeque<>();
    private final Set<Integer> dirty = new HashSet<>();
    private final Set<Integer> processing = new HashSet<>();
    private boolean shuttingDown;

    public boolean add(int item) {
      if (shuttingDown) {
        return false;
      }
      if (dirty.add(item) && !processing.contains(item)) {
        queued.addLast(item);
      }
      return true;
    }

    public Integer poll() {
      Integer item = queued.pollFirst();
      if (item != null) {
        dirty.remove(item);
        processing.add(item);
      }
      return item;
    }

    public void done(int item) {
      if (processing.remove(item) && dirty.contains(item)) {
        queued.addLast(item);
      }
    }

    public int len() {
      return queued.size();
    }

    public void shutDown() {
      shuttingDown = true;
    }
  }
}
