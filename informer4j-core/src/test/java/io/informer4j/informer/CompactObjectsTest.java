package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.meta.ObjectAdapter;
import io.informer4j.source.WatchEvent;
import io.informer4j.testing.InformerTestSupport;
import io.informer4j.testing.Item;
import io.informer4j.testing.RecordingHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The informer keeps objects in their compact form ({@link ObjectAdapter#compact}) unless told not to:
 * listed and watched objects are compacted after the transform, handlers and the cache see the compact
 * object; one whose compact form fails is kept as decoded, logged and counted, and nothing is lost.
 */
class CompactObjectsTest extends InformerTestSupport {

  private final List<String> compacted = new CopyOnWriteArrayList<>();
  private final RecordingHandler handler = new RecordingHandler();
  private final List<Item> handedOut = new CopyOnWriteArrayList<>();

  /** Compacts by giving labels an unmodifiable copy; throws for objects named {@code bad*}. */
  private ObjectAdapter<Item> compactingAdapter() {
    return ObjectAdapter.builder(Item::namespace, Item::name)
        .resourceVersion(Item::resourceVersion)
        .labels(Item::labels)
        .compact(item -> {
          if (item.name().startsWith("bad")) {
            throw new IllegalStateException("cannot encode " + item.name());
          }
          compacted.add(item.key() + "@" + item.resourceVersion());
          return new Item(item.namespace(), item.name(), item.resourceVersion(), Map.copyOf(item.labels()), "compact");
        })
        .build();
  }

  private void start(UnaryOperator<SharedIndexInformer.Builder<Item>> options) throws InterruptedException {
    informer = options.apply(SharedIndexInformer.builder(source, compactingAdapter()).name("items")
        .runtime(fixture.runtime).watchList(false)).build();
    informer.addEventHandler(handler, HandlerOptions.named("recorder"));
    informer.addEventHandler(new EventHandler<>() {
      @Override
      public void onAdd(Item object, boolean inInitialList) {
        handedOut.add(object);
      }

      @Override
      public void onUpdate(Item oldObject, Item newObject) {
        handedOut.add(newObject);
      }
    }, HandlerOptions.named("objects"));
    informer.start();
    assertThat(informer.waitForCacheSync(Duration.ofSeconds(5))).isTrue();
  }

  @Test
  void listedAndWatchedObjectsAreCachedAndHandedOutCompactAfterTheTransform() throws InterruptedException {
    source.put(Item.of("ns", "a", "1"));
    start(builder -> builder.transform(item -> new Item(item.namespace(), item.name(), item.resourceVersion(),
        Map.of("transformed", "yes"), item.data())));
    source.lastWatch().send(WatchEvent.modified(Item.of("ns", "a", "2")));
    source.lastWatch().send(WatchEvent.added(Item.of("ns", "b", "3")));

    await().until(() -> handler.size() == 3);
    assertThat(compacted).containsExactly("ns/a@1", "ns/a@2", "ns/b@3");
    assertThat(informer.indexer().list()).allSatisfy(item -> {
      assertThat(item.data()).isEqualTo("compact");
      assertThat(item.labels()).containsEntry("transformed", "yes");
    });
    await().until(() -> handedOut.size() == 3);
    assertThat(handedOut).extracting(Item::data).containsOnly("compact");
    assertThat(informer.status().compactionFailures()).isZero();
  }

  @Test
  void anObjectWhoseCompactFormFailsIsKeptAsDecodedAndCounted() throws InterruptedException {
    source.put(Item.of("ns", "a", "1"));
    source.put(Item.of("ns", "bad-list", "2"));
    start(builder -> builder);
    source.lastWatch().send(WatchEvent.added(Item.of("ns", "bad-watch", "3")));
    source.lastWatch().send(WatchEvent.modified(Item.of("ns", "a", "4")));

    await().until(() -> handler.size() == 4);
    assertThat(informer.indexer().listKeys()).containsExactlyInAnyOrder("ns/a", "ns/bad-list", "ns/bad-watch");
    assertThat(informer.indexer().get("ns/bad-list")).isEqualTo(Item.of("ns", "bad-list", "2"));
    assertThat(informer.indexer().get("ns/bad-watch")).isEqualTo(Item.of("ns", "bad-watch", "3"));
    assertThat(informer.indexer().get("ns/a").data()).isEqualTo("compact");
    assertThat(informer.status().compactionFailures()).isEqualTo(2);
    assertThat(informer.status().malformed()).isZero();

    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    new InformerMetrics(informer).bindTo(registry);
    assertThat(registry.get("informer4j_informer_compaction_failures_total").functionCounter().count()).isEqualTo(2);
  }

  @Test
  void anInformerToldToKeepObjectsAsDecodedNeverCompacts() throws InterruptedException {
    source.put(Item.of("ns", "a", "1"));
    start(builder -> builder.compactObjects(false));
    source.lastWatch().send(WatchEvent.modified(Item.of("ns", "a", "2")));

    await().until(() -> handler.size() == 2);
    assertThat(compacted).isEmpty();
    assertThat(informer.indexer().get("ns/a")).isEqualTo(Item.of("ns", "a", "2"));
  }
}
