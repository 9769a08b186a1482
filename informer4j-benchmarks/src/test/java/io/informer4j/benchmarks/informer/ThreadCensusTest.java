package io.informer4j.benchmarks.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The census tells new threads apart, and names those that outlive a stop. */
class ThreadCensusTest {

  @Test
  void aThreadStillAliveAfterTheTimeoutIsNamedAndBystandersAreIgnored() throws Exception {
    ThreadCensus census = ThreadCensus.take();
    CountDownLatch release = new CountDownLatch(1);
    Thread leaked = new Thread(() -> awaitQuietly(release), "census-test-leaked");
    leaked.start();
    try {
      assertThat(census.newThreads()).contains(leaked);
      assertThat(census.liveThreadDelta()).isPositive();
      assertThat(ThreadCensus.countNamed("census-test-")).isEqualTo(1);

      census.awaitNewThreadsEnded(Duration.ofMillis(1), thread -> !thread.getName().startsWith("census-test-"));
      assertThatThrownBy(() -> census.awaitNewThreadsEnded(Duration.ofMillis(50), thread -> true))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("census-test-leaked");
    } finally {
      release.countDown();
    }
    census.awaitNewThreadsEnded(Duration.ofSeconds(30), thread -> thread == leaked);
    assertThat(leaked.isAlive()).isFalse();
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
