package io.informer4j.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.time.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The soft depth cap: only new items are rejected; no update for a known item is lost. */
class DepthCapTest {

  private final ManualClock clock = new ManualClock();
  private final PriorityWorkQueue<String> queue =
      WorkQueue.<String>builder().clock(clock).scheduler(clock).maxDepth(2).build();

  @Test
  void aFullQueueRejectsOnlyNewItemsAndCountsThem() {
    assertThat(queue.add("a")).isTrue();
    assertThat(queue.add("b")).isTrue();

    assertThat(queue.add("c")).isFalse();
    assertThat(queue.add("a")).as("queued item: coalesced, not rejected").isTrue();
    assertThat(queue.len()).isEqualTo(2);
    assertThat(queue.rejectedAdds()).isEqualTo(1);
  }

  @Test
  void anAddForAnItemBeingProcessedIsNeverRejected() {
    queue.add("a");
    queue.add("b");
    assertThat(queue.poll()).contains("a");
    queue.add("c");
    assertThat(queue.len()).isEqualTo(2);

    assertThat(queue.add("a")).isTrue();
    queue.done("a");

    assertThat(queue.len()).as("the update for 'a' is kept, over the cap").isEqualTo(3);
    assertThat(queue.rejectedAdds()).isZero();
  }

  @Test
  void delayedAndRateLimitedAddsBypassTheCap() {
    queue.add("a");
    queue.add("b");
    queue.addAfter("late", Duration.ofSeconds(1));
    queue.addRateLimited("retry");

    assertThat(queue.add("late")).as("an item waiting for a delayed add is known").isTrue();
    clock.advance(Duration.ofSeconds(2));

    assertThat(queue.len()).isEqualTo(4);
    assertThat(queue.rejectedAdds()).isZero();
  }

  @Test
  void theCapChangesAtRunTime() {
    queue.add("a");
    queue.add("b");
    queue.setMaxDepth(0);
    assertThat(queue.add("c")).isTrue();
    queue.setMaxDepth(1);
    assertThat(queue.maxDepth()).isEqualTo(1);
    assertThat(queue.add("d")).isFalse();
    assertThat(queue.len()).as("items already queued are never evicted").isEqualTo(3);
    assertThatThrownBy(() -> queue.setMaxDepth(-1)).isInstanceOf(IllegalArgumentException.class);
  }
}
