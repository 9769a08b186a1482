package io.informer4j.queue;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.time.ManualClock;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class QueueMetricsTest {

  private final ManualClock clock = new ManualClock();
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final PriorityWorkQueue<String> queue = WorkQueue.<String>builder()
      .name("pods").clock(clock).scheduler(clock).meterRegistry(registry).maxDepth(2).build();

  private double gauge(String name) {
    return registry.get(name).tag("name", "pods").gauge().value();
  }

  @Test
  void publishesClientGoNamesWithTheNameTag() {
    assertThat(registry.getMeters().stream().map(m -> m.getId().getName())
        .filter(name -> !name.endsWith(".histogram")).distinct()).containsExactlyInAnyOrder(
        "workqueue_depth", "workqueue_adds_total", "workqueue_queue_duration_seconds",
        "workqueue_work_duration_seconds", "workqueue_unfinished_work_seconds",
        "workqueue_longest_running_processor_seconds", "workqueue_retries_total",
        "workqueue_depth_cap_rejections_total");
    assertThat(registry.getMeters()).allMatch(m -> "pods".equals(m.getId().getTag("name")));
  }

  @Test
  void measuresDepthAddsDurationsAndInFlightWork() {
    queue.add("a");
    queue.add("b");
    queue.add("a");
    queue.add("c");
    assertThat(gauge("workqueue_depth")).isEqualTo(2);
    assertThat(registry.get("workqueue_adds_total").counter().count()).isEqualTo(2);
    assertThat(registry.get("workqueue_depth_cap_rejections_total").counter().count()).isEqualTo(1);

    clock.advance(Duration.ofSeconds(2));
    queue.poll();
    clock.advance(Duration.ofSeconds(1));
    queue.poll();
    clock.advance(Duration.ofSeconds(1));

    assertThat(gauge("workqueue_depth")).isZero();
    assertThat(gauge("workqueue_unfinished_work_seconds")).isEqualTo(3.0);
    assertThat(gauge("workqueue_longest_running_processor_seconds")).isEqualTo(2.0);
    assertThat(registry.get("workqueue_queue_duration_seconds").timer().totalTime(TimeUnit.SECONDS)).isEqualTo(5.0);

    queue.done("a");
    assertThat(registry.get("workqueue_work_duration_seconds").timer().totalTime(TimeUnit.SECONDS)).isEqualTo(2.0);
    assertThat(gauge("workqueue_longest_running_processor_seconds")).isEqualTo(1.0);
  }

  @Test
  void theInFlightGaugesFollowItemsFinishedInAnyOrder() {
    PriorityWorkQueue<String> uncapped = WorkQueue.<String>builder()
        .name("uncapped").clock(clock).scheduler(clock).meterRegistry(registry).build();
    uncapped.add("a");
    uncapped.add("b");
    uncapped.add("c");
    uncapped.add("d");
    for (int i = 0; i < 3; i++) {
      uncapped.poll();
      clock.advance(Duration.ofSeconds(1));
    }
    assertThat(inFlight(uncapped)).as("a, b and c started 3, 2 and 1 s ago").containsExactly(6.0, 3.0);

    uncapped.done("b");
    assertThat(inFlight(uncapped)).as("the middle one finished").containsExactly(4.0, 3.0);
    uncapped.done("a");
    assertThat(inFlight(uncapped)).as("the oldest finished").containsExactly(1.0, 1.0);
    uncapped.poll();
    clock.advance(Duration.ofSeconds(1));
    assertThat(inFlight(uncapped)).as("d started 1 s ago").containsExactly(3.0, 2.0);
    uncapped.done("d");
    assertThat(inFlight(uncapped)).as("the newest finished").containsExactly(2.0, 2.0);
    uncapped.done("c");
    assertThat(inFlight(uncapped)).containsExactly(0.0, 0.0);

    uncapped.add("e");
    uncapped.poll();
    clock.advance(Duration.ofSeconds(1));
    assertThat(inFlight(uncapped)).as("the emptied list takes new items").containsExactly(1.0, 1.0);
    uncapped.shutDown();
  }

  /** The unfinished-work and longest-running gauges of {@code queue}, in seconds. */
  private static double[] inFlight(PriorityWorkQueue<String> queue) {
    StandardWorkQueue<String> standard = (StandardWorkQueue<String>) queue;
    return new double[] {standard.unfinishedWorkSeconds(), standard.longestRunningProcessorSeconds()};
  }

  @Test
  void doneForAQueuedItemChangesNothingOnATimedQueue() {
    queue.add("a");
    queue.done("a");

    assertThat(gauge("workqueue_unfinished_work_seconds")).isZero();
    assertThat(queue.poll()).contains("a");
    queue.done("a");
    assertThat(registry.get("workqueue_work_duration_seconds").timer().count()).isEqualTo(1);
  }

  @Test
  void aDoneAndAGaugeReadLeaveTheQueueFreeForOtherThreads() throws Exception {
    queue.add("a");
    queue.poll();
    queue.done("a");
    gauge("workqueue_longest_running_processor_seconds");
    queue.add("b");

    assertThat(QueueTesting.async(queue::poll).get(1, TimeUnit.MINUTES)).contains("b");
  }

  @Test
  void durationsUseClientGosBucketsFromTenNanosecondsToAThousandSeconds() {
    double[] bucketsNanos = Arrays.stream(registry.get("workqueue_queue_duration_seconds").timer().takeSnapshot()
        .histogramCounts()).mapToDouble(bucket -> bucket.bucket(TimeUnit.NANOSECONDS)).toArray();

    assertThat(bucketsNanos).containsExactly(1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12);
  }

  @Test
  void anAddWhileProcessingCountsAndItsWaitStartsAtThatAdd() {
    clock.advance(Duration.ofSeconds(10));
    queue.add("a");
    queue.poll();
    clock.advance(Duration.ofSeconds(1));
    queue.add("a");
    clock.advance(Duration.ofSeconds(1));
    queue.done("a");
    clock.advance(Duration.ofSeconds(1));
    queue.poll();

    assertThat(registry.get("workqueue_adds_total").counter().count()).isEqualTo(2);
    assertThat(registry.get("workqueue_queue_duration_seconds").timer().max(TimeUnit.SECONDS))
        .as("from the add while processing to the second hand-out").isEqualTo(2.0);
  }

  @Test
  void shutDownRemovesTheMeters() {
    queue.shutDown();

    assertThat(registry.getMeters()).extracting(Meter::getId).isEmpty();
  }

  @Test
  void shutDownWithDrainRemovesTheMeters() throws InterruptedException {
    assertThat(queue.shutDownWithDrain(Duration.ZERO)).isTrue();

    assertThat(registry.getMeters()).extracting(Meter::getId).isEmpty();
  }

  @Test
  void aQueueWithoutRegistryReadsNoClock() {
    ExplodingClock clock = new ExplodingClock();
    PriorityWorkQueue<String> quiet = WorkQueue.<String>builder().clock(clock).rateLimiter(RateLimiter.defaultItemBased()).build();
    clock.armed = true;
    quiet.add("a");
    quiet.poll();
    quiet.done("a");
    quiet.shutDown();
  }

  /** A clock that fails the test if read. */
  private static final class ExplodingClock implements io.informer4j.time.Clock {
    private boolean armed;

    @Override
    public long nanoTime() {
      if (armed) {
        throw new AssertionError("clock read on the hot path of a queue without metrics");
      }
      return 0;
    }

    @Override
    public java.time.Instant instant() {
      throw new AssertionError("not used");
    }
  }
}
