package io.informer4j.reader;

import static io.informer4j.reader.ReaderFixture.DEPLOYMENTS;
import static io.informer4j.reader.ReaderFixture.ITEMS;
import static io.informer4j.reader.ReaderFixture.NODES;
import static io.informer4j.reader.ReaderFixture.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.informer.HandlerOptions;
import io.informer4j.informer.InformerState;
import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.testing.Item;
import io.informer4j.testing.RecordingHandler;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The cache over several informers maps: reads before start, missing informers, namespaces, removal. */
class InformerCacheTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  private final ReaderFixture fixture = new ReaderFixture();
  private InformerCache cache;

  @AfterEach
  void tearDown() throws InterruptedException {
    if (cache != null) {
      cache.stop(WAIT);
    }
    fixture.close();
  }

  private static List<String> keys(ListResult<Item> result) {
    return result.items().stream().map(Item::key).toList();
  }

  private InformerCache cacheInNamespacesAandB() {
    for (String namespace : List.of("a", "b")) {
      fixture.source(PODS, namespace).put(Item.of(namespace, "x", "1"));
      fixture.source(PODS, namespace).put(Item.of(namespace, "y", "1"));
    }
    return fixture.cache(CacheOptions.builder()
        .byType(PODS, TypeConfig.of(CacheConfig.empty()).withNamespace("a").withNamespace("b"))
        .build()).build();
  }

  @Test
  void aReadBeforeStartFailsButRegistersTheInformerThatStartStarts() {
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    cache = fixture.cache(CacheOptions.defaults()).build();
    CacheReader<Item> pods = cache.reader(PODS, ITEMS);

    assertThatThrownBy(() -> pods.get(ObjectKey.of("a", "x")))
        .isInstanceOf(CacheNotStartedException.class)
        .hasMessageContaining("the cache is not started, can not read objects");
    MapEntry<Item> registered = cache.maps().get("").find(PODS, ITEMS).orElseThrow();
    assertThat(registered.informer().state()).isEqualTo(InformerState.NEW);

    cache.start();
    assertThat(pods.get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
    assertThat(cache.waitForCacheSync(WAIT)).isTrue();
    assertThatThrownBy(cache::start).isInstanceOf(IllegalStateException.class).hasMessage("informer map already started");
  }

  @Test
  void failOnMissingInformerGivesNotCachedUntilTheTypeIsRegistered() {
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    cache = fixture.cache(CacheOptions.builder().failOnMissingInformer(true).build()).build();
    cache.start();
    CacheReader<Item> pods = cache.reader(PODS, ITEMS);

    assertThatThrownBy(() -> pods.list(ListOptions.all()))
        .isInstanceOf(NotCachedException.class)
        .hasMessageContaining("/v1, Kind=Pod")
        .hasMessageContaining("is not cached");
    assertThat(fixture.factoryCalls).isEmpty();

    cache.getInformer(PODS, ITEMS, true);
    assertThat(keys(pods.list(ListOptions.all()))).containsExactly("a/x");
  }

  @Test
  void perTypeNamespacesRouteGetsAndJoinListsInNamespaceOrder() {
    cache = cacheInNamespacesAandB();
    cache.start();
    CacheReader<Item> pods = cache.reader(PODS, ITEMS);

    assertThat(pods.get(ObjectKey.of("b", "y")).key()).isEqualTo("b/y");
    assertThat(keys(pods.list(ListOptions.all()))).containsExactly("a/x", "a/y", "b/x", "b/y");
    assertThat(keys(pods.list(ListOptions.inNamespace("b")))).containsExactly("b/x", "b/y");
    assertThat(fixture.factoryCalls).containsExactlyInAnyOrder("/v1, Kind=Pod|a|Item", "/v1, Kind=Pod|b|Item");
    assertThat(fixture.source(PODS, "a").lists().get(0).selection().namespace()).isEqualTo("a");
  }

  @Test
  void theLimitIsSpentAcrossNamespaces() {
    cache = cacheInNamespacesAandB();
    cache.start();
    CacheReader<Item> pods = cache.reader(PODS, ITEMS);

    assertThat(keys(pods.list(ListOptions.all().withLimit(3)))).containsExactly("a/x", "a/y", "b/x");
    assertThat(keys(pods.list(ListOptions.all().withLimit(2)))).containsExactly("a/x", "a/y");
    assertThat(keys(pods.list(ListOptions.all().withLimit(1)))).containsExactly("a/x");
  }

  @Test
  void aNamespaceTheTypeIsNotCachedInIsAnUnknownNamespace() {
    cache = cacheInNamespacesAandB();
    cache.start();
    CacheReader<Item> pods = cache.reader(PODS, ITEMS);

    assertThatThrownBy(() -> pods.get(ObjectKey.of("c", "x")))
        .isInstanceOfSatisfying(UnknownNamespaceException.class, e -> assertThat(e.namespace()).isEqualTo("c"))
        .hasMessageContaining("unknown namespace for the cache");
    assertThatThrownBy(() -> pods.list(ListOptions.inNamespace("c"))).isInstanceOf(UnknownNamespaceException.class);
  }

  @Test
  void clusterScopedTypesOfAMultiNamespaceCacheAreCachedClusterWide() {
    fixture.source(NODES, "").put(Item.of("", "node-1", "1"));
    cache = fixture.cache(CacheOptions.builder().namespace("a").namespace("b").build()).build();
    cache.start();
    CacheReader<Item> nodes = cache.reader(NODES, ITEMS);
    assertThat(nodes.get(ObjectKey.of("a", "node-1")).key()).isEqualTo("node-1");
    assertThat(keys(nodes.list(ListOptions.all()))).containsExactly("node-1");
    assertThat(fixture.factoryCalls).containsExactly("/v1, Kind=Node||Item");
  }

  @Test
  void settingsFollowPrecedencePerTypeThenNamespaceThenDefaults() {
    CacheOptions options = CacheOptions.builder()
        .defaults(CacheConfig.empty().withLabels(LabelSelector.parse("level=default")))
        .namespace("a", CacheConfig.empty().withLabels(LabelSelector.parse("level=namespace")))
        .namespace("b")
        .byType(PODS, TypeConfig.of(CacheConfig.empty().withLabels(LabelSelector.parse("level=type"))))
        .build();
    cache = fixture.cache(options).build();
    cache.getInformer(PODS, ITEMS, false);
    cache.getInformer(DEPLOYMENTS, ITEMS, false);
    cache.start();
    assertThat(cache.waitForCacheSync(WAIT)).isTrue();

    assertThat(fixture.source(PODS, "a").lists().get(0).selection().labels()).hasToString("level=type");
    assertThat(fixture.source(DEPLOYMENTS, "a").lists().get(0).selection().labels()).hasToString("level=namespace");
    assertThat(fixture.source(DEPLOYMENTS, "b").lists().get(0).selection().labels()).hasToString("level=default");
  }

  @Test
  void getInformerFansHandlersOutToEveryNamespace() {
    cache = cacheInNamespacesAandB();
    TypeInformers<Item> informers = cache.getInformer(PODS, ITEMS, false);
    RecordingHandler handler = new RecordingHandler();
    informers.addEventHandler(handler, HandlerOptions.named("recorder"));

    assertThat(informers.informers()).containsOnlyKeys("a", "b");
    assertThat(informers.hasSynced()).isFalse();
    cache.start();
    await().until(() -> handler.size() == 4);
    assertThat(informers.hasSynced()).isTrue();
    assertThat(handler.events()).contains("add a/x@1 initial", "add b/y@1 initial");
  }

  @Test
  void indexFieldWorksAcrossNamespaces() {
    cache = cacheInNamespacesAandB();
    fixture.source(PODS, "a").put(Item.of("a", "z", "1").withData("node-1"));
    fixture.source(PODS, "b").put(Item.of("b", "z", "1").withData("node-1"));
    cache.start();
    cache.indexField(PODS, ITEMS, "data", item -> List.of(item.data()));

    CacheReader<Item> pods = cache.reader(PODS, ITEMS);
    assertThat(keys(pods.list(ListOptions.all().withFields(FieldSelector.equal("data", "node-1")))))
        .containsExactly("a/z", "b/z");
    assertThat(keys(pods.list(ListOptions.inNamespace("b").withFields(FieldSelector.equal("data", "node-1")))))
        .containsExactly("b/z");
  }

  @Test
  void removeInformerStopsTheTypesInformersAndTheNextReadCreatesNewOnes() {
    cache = cacheInNamespacesAandB();
    cache.start();
    CacheReader<Item> pods = cache.reader(PODS, ITEMS);
    TypeInformers<Item> before = cache.getInformer(PODS, ITEMS, true);

    assertThat(cache.removeInformer(PODS, ITEMS)).isTrue();

    before.informers().values().forEach(informer -> assertThat(informer.stopped()).succeedsWithin(WAIT));
    assertThat(cache.removeInformer(PODS, ITEMS)).isFalse();
    assertThat(pods.get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
    assertThat(fixture.factoryCalls).hasSize(3);
    assertThat(keys(pods.list(ListOptions.all()))).hasSize(4);
    assertThat(fixture.factoryCalls).hasSize(4);
  }

  @Test
  void aRepresentationRegisteredInTheRegistryFindsItsType() {
    fixture.registry.register(DEPLOYMENTS, io.informer4j.meta.Scope.NAMESPACED, Item.class);
    fixture.source(DEPLOYMENTS, "").put(Item.of("a", "web", "1"));
    cache = fixture.cache(CacheOptions.defaults()).build();
    cache.start();
    assertThat(cache.reader(ITEMS).get(ObjectKey.of("a", "web")).name()).isEqualTo("web");
  }

  @Test
  void stopEndsTheThreadsOfAnOwnedRuntime() throws InterruptedException {
    cache = InformerCache.builder(fixture.registry, fixture.factory()).build();
    cache.start();
    cache.reader(PODS, ITEMS).list(ListOptions.all());
    assertThat(cache.stop(WAIT)).isTrue();
    assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("informer4j-cache-"));
    assertThat(cache.hasSyncedFuncs()).hasSize(1);
  }
}
