package io.informer4j.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import io.informer4j.time.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What queues, orderings, rate limiters and their errors say about themselves: equality, hash codes
 * and the text shown in logs and status, and the accessors that give back what was configured.
 */
class QueueDescriptionsTest {

  private static final TypeKey DEPLOYMENT = TypeKey.of("apps", "v1", "Deployment");

  @Test
  void orderingsAreEqualByTheirAgingStepAndSayWhatTheyAre() {
    assertThat(QueueOrdering.priority()).isEqualTo(QueueOrdering.priority(Duration.ofSeconds(1)))
        .hasSameHashCodeAs(QueueOrdering.priority(Duration.ofSeconds(1)))
        .isNotEqualTo(QueueOrdering.priority(Duration.ofSeconds(2)))
        .isNotEqualTo(QueueOrdering.fifo())
        .isNotEqualTo("priority");
    assertThat(QueueOrdering.priority().hashCode()).isNotEqualTo(QueueOrdering.priority(Duration.ofSeconds(2)).hashCode());
    assertThat(QueueOrdering.fifo()).isEqualTo(QueueOrdering.fifo()).hasToString("fifo");
    assertThat(QueueOrdering.priority(Duration.ofMillis(500))).hasToString("priority(aging step PT0.5S)");
    assertThat(QueueOrdering.priority().isPriority()).isTrue();
    assertThat(QueueOrdering.fifo().isPriority()).isFalse();
    assertThatThrownBy(() -> QueueOrdering.fifo().agingStep()).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> QueueOrdering.priority(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must be positive");
  }

  @Test
  void rateLimitersDescribeTheirWholeComposition() {
    RateLimiter<String> composed = RateLimiter.withMaxWait(RateLimiter.maxOf(
        RateLimiter.exponential(Duration.ofMillis(5), Duration.ofSeconds(1000)),
        RateLimiter.fastSlow(Duration.ofMillis(10), Duration.ofSeconds(3), 4)), Duration.ofSeconds(10));

    assertThat(composed).hasToString(
        "withMaxWait(maxOf[exponential(PT0.005S -> PT16M40S), fastSlow(PT0.01S x4, then PT3S)], PT10S)");
    assertThat(RateLimiter.tokenBucket(10, 100)).hasToString("tokenBucket(10.0/s, burst 100)");
    assertThat(RateLimiter.defaultController())
        .hasToString("maxOf[exponential(PT0.005S -> PT16M40S), tokenBucket(10.0/s, burst 100)]");
  }

  @Test
  void queuesGiveBackTheirSettingsAndDescribeTheirState() {
    ManualClock clock = new ManualClock();
    RateLimiter<String> limiter = RateLimiter.exponential(Duration.ofMillis(5), Duration.ofSeconds(1));
    PriorityWorkQueue<String> queue = WorkQueue.<String>builder().name("described").clock(clock).scheduler(clock)
        .ordering(QueueOrdering.priority()).rateLimiter(limiter).build();
    try {
      assertThat(queue.ordering()).isEqualTo(QueueOrdering.priority());
      assertThat(queue.rateLimiter()).isSameAs(limiter);
      queue.add("a");
      queue.add("b");
      assertThat(queue).hasToString("WorkQueue[described, priority(aging step PT1S), queued 2]");
    } finally {
      queue.shutDown();
    }
    assertThat(queue).hasToString("WorkQueue[described, priority(aging step PT1S), queued 2, shut down]");
  }

  @Test
  void aRegistryBuiltWithItsSettingsHandsThemToItsQueuesAndClosingShutsThemDown() {
    ManualClock clock = new ManualClock();
    RateLimiter<QueueItem> limiter = RateLimiter.exponential(Duration.ofMillis(1), Duration.ofSeconds(1));
    PriorityWorkQueue<QueueItem> queue;
    try (QueueRegistry registry = QueueRegistry.builder().clock(clock).scheduler(clock)
        .rateLimiters(() -> limiter).ordering(QueueOrdering.priority()).build()) {
      queue = registry.register(DEPLOYMENT);
      assertThat(queue.ordering()).isEqualTo(QueueOrdering.priority());
      assertThat(queue.rateLimiter()).isSameAs(limiter);
      assertThatThrownBy(() -> registry.shutdownQueue(TypeKey.of("", "v1", "Secret")))
          .isInstanceOfSatisfying(QueueNotFoundException.class,
              e -> assertThat(e.type()).isEqualTo(TypeKey.of("", "v1", "Secret")));
    }
    assertThat(queue.isShuttingDown()).as("closing the registry shuts its queues down").isTrue();
  }

  @Test
  void aQueueItemReadsAsItsKeyAndType() {
    assertThat(new QueueItem(DEPLOYMENT, ObjectKey.of("default", "web"))).hasToString("default/web (apps/v1, Kind=Deployment)");
  }
}
