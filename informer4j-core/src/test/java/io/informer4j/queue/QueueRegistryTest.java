package io.informer4j.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.TypeKey;
import io.informer4j.time.ManualClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class QueueRegistryTest {

  private static final TypeKey DEPLOYMENT = TypeKey.of("apps", "v1", "Deployment");
  private static final TypeKey CONFIG_MAP = TypeKey.of("", "v1", "ConfigMap");

  private final ManualClock clock = new ManualClock();
  private final QueueRegistry registry = QueueRegistry.builder().clock(clock).scheduler(clock).build();

  @AfterEach
  void shutDown() {
    registry.shutdownAll();
  }

  private static QueueItem item(TypeKey type, String name) {
    return new QueueItem(type, ObjectKey.of("default", name));
  }

  @Test
  void registersOneQueuePerTypeNamedAfterIt() {
    PriorityWorkQueue<QueueItem> deployments = registry.register(DEPLOYMENT);

    assertThat(deployments.name()).isEqualTo("Deployment.v1.apps");
    assertThat(registry.register(CONFIG_MAP).name()).as("core group").isEqualTo("ConfigMap.v1");
    registry.shutdownQueue(CONFIG_MAP);
    assertThat(registry.lookup(DEPLOYMENT)).containsSame(deployments);
    assertThat(registry.lookup(CONFIG_MAP)).isEmpty();
    assertThat(registry.queueFor(CONFIG_MAP)).isSameAs(registry.defaultQueue());
    assertThat(registry.defaultQueue().name()).isEqualTo("default");
    assertThat(registry.types()).containsExactly(DEPLOYMENT);
  }

  @Test
  void reregisteringKeepsTheQueueAndItsItemsAndUpdatesTheCap() {
    PriorityWorkQueue<QueueItem> first = registry.register(DEPLOYMENT, 1);
    first.add(item(DEPLOYMENT, "web"));
    assertThat(first.add(item(DEPLOYMENT, "api"))).isFalse();

    PriorityWorkQueue<QueueItem> second = registry.register(DEPLOYMENT, 5);

    assertThat(second).isSameAs(first);
    assertThat(second.maxDepth()).isEqualTo(5);
    assertThat(second.add(item(DEPLOYMENT, "api"))).isTrue();
    assertThat(registry.depth(DEPLOYMENT)).isEqualTo(2);
  }

  @Test
  void depthIsZeroForUnknownTypes() {
    assertThat(registry.depth(CONFIG_MAP)).isZero();
  }

  @Test
  void shutdownQueueShutsDownAndRemovesIt() {
    PriorityWorkQueue<QueueItem> queue = registry.register(DEPLOYMENT);

    registry.shutdownQueue(DEPLOYMENT);

    assertThat(queue.isShuttingDown()).isTrue();
    assertThat(registry.lookup(DEPLOYMENT)).isEmpty();
    assertThat(registry.register(DEPLOYMENT)).isNotSameAs(queue);
  }

  @Test
  void shutdownQueueOfAnUnknownTypeFailsNamingTheType() {
    assertThatThrownBy(() -> registry.shutdownQueue(CONFIG_MAP))
        .isInstanceOf(QueueNotFoundException.class)
        .hasMessage("queue not found for /v1, Kind=ConfigMap");
  }

  @Test
  void shutdownAllShutsEveryQueueIncludingTheDefault() {
    PriorityWorkQueue<QueueItem> deployments = registry.register(DEPLOYMENT);

    registry.shutdownAll();

    assertThat(deployments.isShuttingDown()).isTrue();
    assertThat(registry.defaultQueue().isShuttingDown()).isTrue();
    assertThatThrownBy(() -> registry.register(CONFIG_MAP)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void queuesShareTheRegistrysSingleTimerThreadWhichEndsWithIt() {
    QueueRegistry owning = QueueRegistry.builder().build();
    owning.register(DEPLOYMENT).addAfter(item(DEPLOYMENT, "a"), Duration.ofHours(1));
    owning.register(CONFIG_MAP).addAfter(item(CONFIG_MAP, "b"), Duration.ofHours(1));
    owning.defaultQueue().addAfter(item(CONFIG_MAP, "c"), Duration.ofHours(1));

    assertThat(timerThreads()).isEqualTo(1);
    owning.shutdownAll();
    assertThat(timerThreads()).isZero();
  }

  private static long timerThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("informer4j-queue-registry-timer") || t.getName().startsWith("informer4j-workqueue-timer"))
        .filter(Thread::isAlive)
        .count();
  }

  @Test
  void eachQueueHasItsOwnRateLimiterAndMetrics() {
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    QueueRegistry metered = QueueRegistry.builder().clock(clock).scheduler(clock).meterRegistry(meters).build();
    QueueItem web = item(DEPLOYMENT, "web");
    metered.register(DEPLOYMENT).addRateLimited(web);

    assertThat(metered.lookup(DEPLOYMENT).orElseThrow().numRequeues(web)).isEqualTo(1);
    assertThat(metered.defaultQueue().numRequeues(web)).isZero();
    assertThat(meters.get("workqueue_retries_total").tag("name", "Deployment.v1.apps").counter().count()).isEqualTo(1);
    metered.shutdownAll();
  }

  @Test
  void theDefaultQueuePublishesMetricsOnlyOnceAnItemIsRoutedToIt() {
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    QueueRegistry metered = QueueRegistry.builder().clock(clock).scheduler(clock).meterRegistry(meters).build();
    metered.register(DEPLOYMENT);
    metered.queueFor(CONFIG_MAP);

    assertThat(meters.getMeters()).as("no series for the unused default queue")
        .allMatch(meter -> "Deployment.v1.apps".equals(meter.getId().getTag("name")));

    metered.queueFor(CONFIG_MAP).add(item(CONFIG_MAP, "settings"));

    assertThat(meters.get("workqueue_adds_total").tag("name", "default").counter().count()).isEqualTo(1);
    assertThat(meters.get("workqueue_depth").tag("name", "default").gauge().value()).isEqualTo(1);
    PriorityWorkQueue<QueueItem> defaultQueue = metered.defaultQueue();
    clock.advance(Duration.ofSeconds(2));
    QueueItem settings = defaultQueue.poll().orElseThrow();
    clock.advance(Duration.ofSeconds(3));
    defaultQueue.done(settings);
    defaultQueue.addRateLimited(settings);
    assertThat(meters.get("workqueue_queue_duration_seconds").tag("name", "default").timer().totalTime(TimeUnit.SECONDS))
        .isEqualTo(2.0);
    assertThat(meters.get("workqueue_work_duration_seconds").tag("name", "default").timer().totalTime(TimeUnit.SECONDS))
        .isEqualTo(3.0);
    assertThat(meters.get("workqueue_retries_total").tag("name", "default").counter().count()).isEqualTo(1);
    metered.shutdownAll();
    assertThat(meters.find("workqueue_depth").tag("name", "default").gauge()).as("removed at shutdown").isNull();
  }
}
