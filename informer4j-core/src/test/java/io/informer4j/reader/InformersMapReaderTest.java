package io.informer4j.reader;

import static io.informer4j.testing.FakeBackend.DEPLOYMENTS;
import static io.informer4j.testing.FakeBackend.NODES;
import static io.informer4j.testing.FakeBackend.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.informer.HandlerOptions;
import io.informer4j.informer.InformerState;
import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.SelectorParseException;
import io.informer4j.source.Selection;
import io.informer4j.testing.Item;
import io.informer4j.testing.RecordingHandler;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Reads through a map's readers (controller-runtime's cache): reads before start, missing informers,
 * namespaces per the cache options, field indexes, removal and read errors.
 */
class InformersMapReaderTest extends MapTestBase {

  private static List<String> keys(ListResult<Item> result) {
    return result.items().stream().map(Item::key).toList();
  }

  private InformersMap mapWithPodsInNamespacesAandB() {
    for (String namespace : List.of("a", "b")) {
      fixture.source(PODS, namespace).put(Item.of(namespace, "x", "1"));
      fixture.source(PODS, namespace).put(Item.of(namespace, "y", "1"));
    }
    return fixture.map().options(CacheOptions.builder()
        .byType(PODS.key(), TypeConfig.of(CacheConfig.empty()).withNamespace("a").withNamespace("b"))
        .build()).build();
  }

  @Test
  void aReadBeforeStartFailsButRegistersTheInformerThatStartStarts() throws InterruptedException {
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    map = fixture.map().build();
    CacheReader<Item> pods = map.reader(PODS);

    assertThatThrownBy(() -> pods.get(ObjectKey.of("a", "x")))
        .isInstanceOf(CacheNotStartedException.class)
        .hasMessageContaining("the cache is not started, can not read objects");
    assertThatThrownBy(() -> pods.list(ListOptions.all())).isInstanceOf(CacheNotStartedException.class);
    MapEntry<Item> registered = map.find(PODS, Selection.all()).orElseThrow();
    assertThat(registered.informer().state()).isEqualTo(InformerState.NEW);

    map.start();
    assertThat(pods.get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
    assertThat(map.waitForCacheSync(WAIT)).isTrue();
    assertThat(map.entries()).containsExactly(registered);
  }

  @Test
  void aReadOfAStartedMapThatDoesNotSyncWithinTheReadTimeoutFails() throws InterruptedException {
    GatedSource<Item> stuck = new GatedSource<>(fixture.source(PODS, ""));
    fixture.backend.serve(PODS, stuck);
    map = fixture.map().readTimeout(Duration.ofMillis(50)).build();
    map.start();

    assertThatThrownBy(() -> map.reader(PODS).list(ListOptions.all()))
        .isInstanceOf(CacheTimeoutException.class)
        .hasMessageContaining("to sync");
    assertThat(stuck.listing.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).as("the list was under way").isTrue();
    stuck.open();
  }

  @Test
  void aReadOfAStartedMapWaitsForTheSync() throws Exception {
    GatedSource<Item> slow = new GatedSource<>(fixture.source(PODS, ""));
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    fixture.backend.serve(PODS, slow);
    map = fixture.map().readTimeout(WAIT).build();
    map.start();

    CompletableFuture<ListResult<Item>> read = CompletableFuture.supplyAsync(() -> map.reader(PODS).list(ListOptions.all()));
    assertThat(slow.listing.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).as("the list is under way").isTrue();
    assertThat(read).as("the read waits while the list is held").isNotDone();
    slow.open();

    assertThat(read).succeedsWithin(WAIT).satisfies(result -> assertThat(keys(result)).containsExactly("a/x"));
  }

  @Test
  void failOnMissingInformerGivesNotCachedUntilTheTypeIsRegistered() {
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    map = fixture.map().options(CacheOptions.builder().failOnMissingInformer(true).build()).build();
    map.start();
    CacheReader<Item> pods = map.reader(PODS);

    assertThatThrownBy(() -> pods.list(ListOptions.all()))
        .isInstanceOf(NotCachedException.class)
        .hasMessageContaining("/v1, Kind=Pod")
        .hasMessageContaining("is not cached");
    assertThat(fixture.backend.calls()).isEmpty();
    assertThat(map.entries()).isEmpty();

    assertThat(map.informersOf(PODS, true)).hasSize(1);
    assertThat(keys(pods.list(ListOptions.all()))).containsExactly("a/x");
  }

  @Test
  void perTypeNamespacesRouteGetsAndJoinListsInNamespaceOrder() {
    map = mapWithPodsInNamespacesAandB();
    map.start();
    CacheReader<Item> pods = map.reader(PODS);

    assertThat(pods.get(ObjectKey.of("b", "y")).key()).isEqualTo("b/y");
    assertThat(keys(pods.list(ListOptions.all()))).containsExactly("a/x", "a/y", "b/x", "b/y");
    assertThat(keys(pods.list(ListOptions.inNamespace("b")))).containsExactly("b/x", "b/y");
    assertThat(map.entriesOf(PODS)).extracting(entry -> entry.selection().namespace()).containsExactly("a", "b");
    assertThat(fixture.source(PODS, "a").lists().get(0).selection().namespace()).isEqualTo("a");
    assertThat(fixture.source(PODS, "b").lists()).hasSize(1);
    assertThat(fixture.source(PODS, "").lists()).as("never listed across all namespaces").isEmpty();
  }

  @Test
  void theLimitIsSpentAcrossNamespaces() {
    map = mapWithPodsInNamespacesAandB();
    map.start();
    CacheReader<Item> pods = map.reader(PODS);

    assertThat(keys(pods.list(ListOptions.all().withLimit(3)))).containsExactly("a/x", "a/y", "b/x");
    assertThat(keys(pods.list(ListOptions.all().withLimit(2)))).containsExactly("a/x", "a/y");
    assertThat(keys(pods.list(ListOptions.all().withLimit(1)))).containsExactly("a/x");
  }

  @Test
  void aNamespaceTheTypeIsNotCachedInIsAnUnknownNamespace() {
    map = mapWithPodsInNamespacesAandB();
    map.start();
    CacheReader<Item> pods = map.reader(PODS);

    assertThatThrownBy(() -> pods.get(ObjectKey.of("c", "x")))
        .isInstanceOfSatisfying(UnknownNamespaceException.class, e -> assertThat(e.namespace()).isEqualTo("c"))
        .hasMessageContaining("unknown namespace for the cache");
    assertThatThrownBy(() -> pods.list(ListOptions.inNamespace("c"))).isInstanceOf(UnknownNamespaceException.class);
  }

  @Test
  void clusterScopedTypesOfAMultiNamespaceCacheAreCachedClusterWide() {
    fixture.source(NODES, "").put(Item.of("", "node-1", "1"));
    map = fixture.map().options(CacheOptions.builder().namespace("a").namespace("b").build()).build();
    map.start();
    CacheReader<Item> nodes = map.reader(NODES);
    assertThat(nodes.get(ObjectKey.of("a", "node-1")).key()).isEqualTo("node-1");
    assertThat(keys(nodes.list(ListOptions.all()))).containsExactly("node-1");
    assertThat(fixture.backend.calls()).containsExactly("/v1, Kind=Node as node");
    assertThat(map.entriesOf(NODES)).extracting(MapEntry::selection).containsExactly(Selection.all());
  }

  @Test
  void settingsFollowPrecedencePerTypeThenNamespaceThenDefaults() throws InterruptedException {
    CacheOptions options = CacheOptions.builder()
        .defaults(CacheConfig.empty().withLabels(LabelSelector.parse("level=default")))
        .namespace("a", CacheConfig.empty().withLabels(LabelSelector.parse("level=namespace")))
        .namespace("b")
        .byType(PODS.key(), TypeConfig.of(CacheConfig.empty().withLabels(LabelSelector.parse("level=type"))))
        .build();
    map = fixture.map().options(options).build();
    map.informersOf(PODS, false);
    map.informersOf(DEPLOYMENTS, false);
    map.start();
    assertThat(map.waitForCacheSync(WAIT)).isTrue();

    assertThat(fixture.source(PODS, "a").lists().get(0).selection().labels()).hasToString("level=type");
    assertThat(fixture.source(DEPLOYMENTS, "a").lists().get(0).selection().labels()).hasToString("level=namespace");
    assertThat(fixture.source(DEPLOYMENTS, "b").lists().get(0).selection().labels()).hasToString("level=default");
  }

  @Test
  void informersOfGivesOneInformerPerNamespaceAndBlocksUntilTheyAllSynced() {
    map = mapWithPodsInNamespacesAandB();
    List<MapEntry<Item>> informers = map.informersOf(PODS, false);
    RecordingHandler handler = new RecordingHandler();
    informers.forEach(entry -> entry.informer().addEventHandler(handler, HandlerOptions.named("recorder")));

    assertThat(informers).extracting(entry -> entry.selection().namespace()).containsExactly("a", "b");
    assertThat(informers).noneMatch(entry -> entry.informer().hasSynced());
    map.start();
    List<MapEntry<Item>> synced = map.informersOf(PODS, true);
    assertThat(synced).containsExactlyElementsOf(informers).allMatch(entry -> entry.informer().hasSynced());
    await().until(() -> handler.size() == 4);
    assertThat(handler.events()).contains("add a/x@1 initial", "add b/y@1 initial");
  }

  @Test
  void indexFieldWorksAcrossNamespaces() {
    map = mapWithPodsInNamespacesAandB();
    fixture.source(PODS, "a").put(Item.of("a", "z", "1").withData("node-1"));
    fixture.source(PODS, "b").put(Item.of("b", "z", "1").withData("node-1"));
    map.start();
    map.indexField(PODS, "data", item -> List.of(item.data()));

    CacheReader<Item> pods = map.reader(PODS);
    assertThat(keys(pods.list(ListOptions.all().withFields(FieldSelector.equal("data", "node-1")))))
        .containsExactly("a/z", "b/z");
    assertThat(keys(pods.list(ListOptions.inNamespace("b").withFields(FieldSelector.equal("data", "node-1")))))
        .containsExactly("b/z");
  }

  @Test
  void aFieldWithoutIndexIsAMissingIndexError() {
    map = mapWithPodsInNamespacesAandB();
    map.start();

    assertThatThrownBy(() -> map.reader(PODS).list(ListOptions.all().withFields(FieldSelector.equal("data", "n"))))
        .isInstanceOfSatisfying(MissingIndexException.class, e -> assertThat(e.field()).isEqualTo("data"))
        .hasMessageContaining("Index with name field:data does not exist for /v1, Kind=Pod");
  }

  @Test
  void aSelectorThatDoesNotParseIsATypedErrorBeforeAnyRead() {
    map = fixture.map().build();
    map.start();

    assertThatThrownBy(() -> map.reader(PODS).list(ListOptions.all().withLabels(LabelSelector.parse("app in (web"))))
        .isInstanceOf(SelectorParseException.class)
        .hasMessageContaining("app in (web");
    assertThatThrownBy(() -> map.reader(PODS).list(ListOptions.all().withFields(FieldSelector.parse("data"))))
        .isInstanceOf(SelectorParseException.class)
        .hasMessageContaining("no operator");
    assertThat(map.entries()).as("nothing was read, so nothing was created").isEmpty();
  }

  @Test
  void removingTheTypesInformersMakesTheNextReadCreateNewOnes() {
    map = mapWithPodsInNamespacesAandB();
    map.start();
    CacheReader<Item> pods = map.reader(PODS);
    List<MapEntry<Item>> before = map.informersOf(PODS, true);

    before.forEach(entry -> assertThat(map.remove(PODS, entry.selection())).contains(entry));

    before.forEach(entry -> assertThat(entry.informer().stopped()).succeedsWithin(WAIT));
    assertThat(map.entriesOf(PODS)).isEmpty();
    assertThat(pods.get(ObjectKey.of("a", "x")).name()).isEqualTo("x");
    assertThat(fixture.backend.calls()).hasSize(3);
    assertThat(keys(pods.list(ListOptions.all()))).hasSize(4);
    assertThat(fixture.backend.calls()).hasSize(4);
  }

  @Test
  void theBackendsTypedRepresentationFindsItsType() {
    fixture.backend.typed(DEPLOYMENTS);
    fixture.source(DEPLOYMENTS, "").put(Item.of("a", "web", "1"));
    map = fixture.map().build();
    map.start();
    assertThat(map.reader(fixture.backend.type(Item.class)).get(ObjectKey.of("a", "web")).name()).isEqualTo("web");
  }
}
