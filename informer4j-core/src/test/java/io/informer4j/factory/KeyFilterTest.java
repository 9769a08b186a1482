package io.informer4j.factory;

import static io.informer4j.factory.FactoryFixture.ITEMS;
import static io.informer4j.factory.FactoryFixture.status;
import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.controller.DropReason;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The factory's pre-enqueue filter and re-queueing of cached keys (what sharding builds on). */
class KeyFilterTest {

  private final FactoryFixture fixture = new FactoryFixture();
  private final FakeSource source = fixture.source();
  private final Set<String> admitted = ConcurrentHashMap.newKeySet();
  private final SharedInformerFactory factory = fixture.factory()
      .keyFilter((type, key) -> admitted.contains(key.name()))
      .build();

  @AfterEach
  void tearDown() throws InterruptedException {
    factory.stop(Duration.ofSeconds(5));
    fixture.close();
  }

  private static List<String> drainNames(PriorityWorkQueue<QueueItem> queue) {
    List<String> out = new ArrayList<>();
    for (Optional<QueueItem> item = queue.poll(); item.isPresent(); item = queue.poll()) {
      out.add(item.get().key().name());
      queue.done(item.get());
    }
    return out;
  }

  @Test
  void rejectedKeysAreDroppedAndCountedThenQueuedFromTheCacheOnceAccepted() throws InterruptedException {
    PriorityWorkQueue<QueueItem> queue = fixture.queues.register(ITEMS.key());
    source.put(Item.of("a", "x", "1"));
    source.put(Item.of("a", "y", "2"));
    source.put(Item.of("a", "z", "3"));
    admitted.add("x");
    factory.informerFor(ITEMS, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(5))).isTrue();

    assertThat(drainNames(queue)).containsExactly("x");
    assertThat(status(factory, ITEMS.key()).droppedByFilter()).containsEntry(DropReason.ENQUEUE_FILTER, 2L);

    admitted.add("y");
    int queued = factory.requeue((type, key) -> key.name().equals("y") || key.name().equals("z"));

    assertThat(queued).isEqualTo(1);
    assertThat(drainNames(queue)).containsExactly("y");
    assertThat(status(factory, ITEMS.key()).eventsReceived()).as("re-queueing is not an event").isEqualTo(3);
  }
}
