package io.informer4j.factory;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.informer.InformerRuntime;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.Scope;
import io.informer4j.meta.SimpleTypeRegistry;
import io.informer4j.meta.TypeKey;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import io.informer4j.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The factory's pre-enqueue filter and re-queueing of cached keys (what sharding builds on). */
class EnqueueFilterTest {

  private static final TypeKey ITEMS = TypeKey.of("example.io", "v1", "Item");

  private final FakeSource source = new FakeSource();
  private final ManualClock clock = new ManualClock();
  private final InformerRuntime runtime = InformerRuntime.builder("filter-test").time(clock, clock).build();
  private final QueueRegistry queues = QueueRegistry.builder().clock(clock).scheduler(clock).build();
  private final SimpleTypeRegistry types = new SimpleTypeRegistry().register(ITEMS, Scope.NAMESPACED, Item.class);
  private final Set<String> admitted = ConcurrentHashMap.newKeySet();
  private final SharedInformerFactory factory = SharedInformerFactory.builder(new ClientProvider() {
        @Override
        @SuppressWarnings("unchecked")
        public <T> GenericClient<T> clientFor(TypeKey type, Class<T> objectClass) {
          return (GenericClient<T>) new GenericClient<>(source, Item.ADAPTER);
        }
      }, types, queues).runtime(runtime).watchList(false)
      .enqueueFilter(new EnqueueFilter() {
        @Override
        public boolean accepts(TypeKey type, ObjectKey key) {
          return admitted.contains(key.name());
        }

        @Override
        public String dropReason() {
          return "not-mine";
        }
      }).build();

  @AfterEach
  void tearDown() throws InterruptedException {
    factory.shutdown(Duration.ofSeconds(5));
    queues.shutdownAll();
    runtime.close(Duration.ofSeconds(5));
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
    PriorityWorkQueue<QueueItem> queue = queues.register(ITEMS, 0);
    source.put(Item.of("a", "x", "1"));
    source.put(Item.of("a", "y", "2"));
    source.put(Item.of("a", "z", "3"));
    admitted.add("x");
    factory.informerFor(Item.class, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(Duration.ofSeconds(5)).allSynced()).isTrue();

    assertThat(drainNames(queue)).containsExactly("x");
    assertThat(factory.registered().get(ITEMS).droppedByFilter()).containsEntry("not-mine", 2L);

    admitted.add("y");
    int queued = factory.enqueueCached((type, key) -> key.name().equals("y") || key.name().equals("z"));

    assertThat(queued).isEqualTo(1);
    assertThat(drainNames(queue)).containsExactly("y");
    assertThat(factory.registered().get(ITEMS).eventsReceived()).as("re-queueing is not an event").isEqualTo(3);
  }
}
