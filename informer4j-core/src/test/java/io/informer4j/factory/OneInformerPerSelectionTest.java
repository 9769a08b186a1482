package io.informer4j.factory;

import static io.informer4j.testing.FakeBackend.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.controller.NamespaceFilter;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectKey;
import io.informer4j.reader.CacheNotStartedException;
import io.informer4j.reader.CacheOptions;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.ListOptions;
import io.informer4j.source.Selection;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The factory is a layer over the informers map: a type and selection registered through the factory
 * and read through the map's reader, in either order, is one informer, listed once and watched once.
 */
class OneInformerPerSelectionTest {

  private static final Duration WAIT = Duration.ofSeconds(5);

  private final FactoryFixture fixture = new FactoryFixture();
  private SharedInformerFactory factory;

  @AfterEach
  void tearDown() throws InterruptedException {
    if (factory != null) {
      factory.stop(WAIT);
    }
    fixture.close();
  }

  private InformersMap mapWith(CacheOptions options) {
    InformersMap map = fixture.map().options(options).build();
    factory = SharedInformerFactory.builder(map, fixture.queues).build();
    return map;
  }

  /** Asserts that {@code source} saw exactly one list and one watch, and the backend built one source. */
  private void assertListedAndWatchedOnce(FakeSource source) {
    source.lastWatch();
    assertThat(source.lists()).hasSize(1);
    assertThat(source.watches()).hasSize(1);
    assertThat(fixture.backend.calls()).containsExactly("/v1, Kind=Pod as Item");
  }

  @Test
  void registeredThroughTheFactoryThenReadThroughTheMap() throws InterruptedException {
    FakeSource source = fixture.backend.source(PODS);
    source.put(Item.of("a", "x", "1"));
    InformersMap map = mapWith(CacheOptions.defaults());
    SharedIndexInformer<Item> informer = factory.informerFor(PODS, InformerOptions.defaults());
    factory.start();
    assertThat(factory.waitForCacheSync(WAIT)).isTrue();

    CacheReader<Item> pods = map.reader(PODS);

    assertThat(pods.get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
    assertThat(pods.list(ListOptions.all()).items()).hasSize(1);
    assertThat(map.entries()).singleElement().satisfies(entry -> assertThat(entry.informer()).isSameAs(informer));
    assertListedAndWatchedOnce(source);
  }

  @Test
  void readThroughTheMapThenRegisteredThroughTheFactory() throws InterruptedException {
    FakeSource source = fixture.backend.source(PODS);
    source.put(Item.of("a", "x", "1"));
    InformersMap map = mapWith(CacheOptions.defaults());
    CacheReader<Item> pods = map.reader(PODS);
    assertThatThrownBy(() -> pods.list(ListOptions.all())).isInstanceOf(CacheNotStartedException.class);

    SharedIndexInformer<Item> informer = factory.informerFor(PODS, InformerOptions.defaults());

    assertThat(map.find(PODS, Selection.all()).orElseThrow().informer()).isSameAs(informer);
    factory.start();
    assertThat(factory.waitForCacheSync(WAIT)).isTrue();
    assertThat(pods.get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
    assertThat(FactoryFixture.status(factory, PODS.key()).eventsReceived()).isEqualTo(1);
    assertListedAndWatchedOnce(source);
  }

  @Test
  void aReaderCachingTheFactorysTierOneNamespaceSharesItsInformer() throws InterruptedException {
    FakeSource prod = fixture.backend.source(PODS, "prod");
    prod.put(Item.of("prod", "x", "1"));
    InformersMap map = mapWith(CacheOptions.builder().namespace("prod").build());
    factory.informerFor(PODS, InformerOptions.builder().namespaceFilter(NamespaceFilter.allowing("prod")).build());
    factory.start();
    assertThat(factory.waitForCacheSync(WAIT)).isTrue();

    assertThat(map.reader(PODS).list(ListOptions.all()).items()).extracting(Item::key).containsExactly("prod/x");

    assertThat(map.entries()).singleElement()
        .satisfies(entry -> assertThat(entry.selection()).isEqualTo(Selection.inNamespace("prod")));
    assertListedAndWatchedOnce(prod);
  }
}
