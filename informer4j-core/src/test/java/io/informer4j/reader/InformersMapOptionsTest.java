package io.informer4j.reader;

import static io.informer4j.testing.FakeBackend.DEPLOYMENTS;
import static io.informer4j.testing.FakeBackend.NODES;
import static io.informer4j.testing.FakeBackend.PODS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.source.Selection;
import io.informer4j.source.WatchEvent;
import io.informer4j.testing.FakeSource;
import io.informer4j.testing.Item;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What cache options do to the informers of a map, the object checks, resync jitter and field indexes. */
class InformersMapOptionsTest extends MapTestBase {

  private MapEntry<Item> started(InformersMap.Builder builder, ObjectType<Item> type) {
    map = builder.build();
    map.start();
    return map.get(type, WAIT);
  }

  @Test
  void selectorsAndTheNamespaceArePushedIntoEveryListAndWatch() {
    CacheOptions options = CacheOptions.builder()
        .defaults(CacheConfig.empty().withLabels(LabelSelector.parse("tier=web")))
        .byType(PODS.key(), TypeConfig.of(CacheConfig.empty().withFields(FieldSelector.parse("status.phase=Running"))))
        .build();
    started(fixture.map().namespace("team-a").options(options), PODS);

    FakeSource source = fixture.source(PODS, "team-a");
    Selection expected = new Selection("team-a", LabelSelector.parse("tier=web"), FieldSelector.parse("status.phase=Running"));
    assertThat(source.lists().get(0).selection()).isEqualTo(expected);
    await().until(() -> !source.watches().isEmpty());
    assertThat(source.lastWatch().request.selection()).isEqualTo(expected);
    assertThat(fixture.backend.calls()).containsExactly("/v1, Kind=Pod as Item");
  }

  @Test
  void aClusterScopedTypeIsListedInAllNamespaces() {
    started(fixture.map().namespace("team-a"), NODES);
    assertThat(fixture.source(NODES, "").lists().get(0).selection().namespace()).isEqualTo(Selection.ALL_NAMESPACES);
  }

  @Test
  void theTransformRunsBeforeObjectsAreCached() {
    fixture.source(PODS, "").put(Item.of("a", "x", "1").withData("big payload"));
    CacheOptions options = CacheOptions.builder()
        .byType(PODS.key(), TypeConfig.of(CacheConfig.empty().withTransform(o -> ((Item) o).withData(""))))
        .build();
    MapEntry<Item> pods = started(fixture.map().options(options), PODS);
    assertThat(pods.reader().get(ObjectKey.of("a", "x")).data()).isEmpty();
  }

  @Test
  void aTransformReturningAnotherClassSkipsTheObjectAsMalformed() {
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    CacheOptions options = CacheOptions.builder()
        .defaults(CacheConfig.empty().withTransform(o -> "not an item"))
        .build();
    MapEntry<Item> pods = started(fixture.map().options(options), PODS);
    assertThat(pods.informer().indexer().size()).isZero();
    assertThat(pods.informer().status().malformed()).isEqualTo(1);
  }

  @Test
  void deepCopyCanBeDisabledPerTypeForTheMapsReaders() {
    fixture.source(PODS, "").put(Item.of("a", "x", "1"));
    fixture.source(DEPLOYMENTS, "").put(Item.of("a", "web", "1"));
    CacheOptions options = CacheOptions.builder()
        .byType(PODS.key(), TypeConfig.of(CacheConfig.empty().withUnsafeDisableDeepCopy(true)))
        .build();
    MapEntry<Item> pods = started(fixture.map().options(options), PODS);
    Item cached = pods.informer().indexer().get("a/x");

    assertThat(map.reader(PODS).get(ObjectKey.of("a", "x"))).isSameAs(cached);
    assertThat(map.reader(PODS).list(ListOptions.all()).items()).singleElement().isSameAs(cached);
    assertThat(pods.reader().get(ObjectKey.of("a", "x"))).as("the entry's own reader copies").isNotSameAs(cached);
    MapEntry<Item> deployments = map.get(DEPLOYMENTS, WAIT);
    assertThat(map.reader(DEPLOYMENTS).get(ObjectKey.of("a", "web")))
        .isNotSameAs(deployments.informer().indexer().get("a/web"));
  }

  @Test
  void keysThatCouldCollideAreRejectedAndCounted() {
    FakeSource source = fixture.source(PODS, "");
    source.put(Item.of("a", "good", "1"));
    source.put(Item.of("__all_namespaces", "x", "1"));
    source.put(Item.of("a/b", "x", "1"));
    MapEntry<Item> pods = started(fixture.map(), PODS);
    await().until(() -> !source.watches().isEmpty());
    source.lastWatch().send(WatchEvent.added(Item.of("a", "bad/name", "2")));
    source.lastWatch().send(WatchEvent.added(Item.of("a", "later", "3")));

    await().until(() -> pods.informer().indexer().size() == 2);
    assertThat(pods.informer().indexer().listKeys()).containsExactlyInAnyOrder("a/good", "a/later");
    assertThat(pods.informer().status().malformed()).isEqualTo(3);
  }

  @Test
  void aClusterScopedObjectWithANamespaceIsRejected() {
    FakeSource source = fixture.source(NODES, "");
    source.put(Item.of("", "node-1", "1"));
    source.put(Item.of("stray", "node-2", "1"));
    MapEntry<Item> nodes = started(fixture.map(), NODES);
    assertThat(nodes.informer().indexer().listKeys()).containsExactly("node-1");
    assertThat(nodes.informer().status().malformed()).isEqualTo(1);
  }

  private static CacheOptions resyncByDefault(Duration period) {
    return CacheOptions.builder().defaults(CacheConfig.empty().withResyncPeriod(period)).build();
  }

  @Test
  void eachInformerDrawsItsResyncInNinetyToOneHundredTenPercentOfTheBase() {
    double[] draws = {0.0, 0.5, 0.999_999};
    int[] next = {0};
    map = fixture.map().options(resyncByDefault(Duration.ofHours(10))).random(() -> draws[next[0]++]).build();

    assertThat(map.get(PODS, WAIT).resyncPeriod()).isEqualTo(Duration.ofHours(9));
    assertThat(map.get(DEPLOYMENTS, WAIT).resyncPeriod()).isEqualTo(Duration.ofHours(10));
    assertThat(map.get(NODES, WAIT).resyncPeriod())
        .isLessThan(Duration.ofHours(11)).isGreaterThan(Duration.ofMinutes(659));
  }

  @Test
  void aTypesResyncPeriodReplacesTheBaseAndZeroMeansNoResync() {
    CacheOptions options = CacheOptions.builder()
        .byType(PODS.key(), TypeConfig.of(CacheConfig.empty().withResyncPeriod(Duration.ofMinutes(10))))
        .byType(NODES.key(), TypeConfig.of(CacheConfig.empty().withResyncPeriod(Duration.ZERO)))
        .build();
    map = fixture.map().options(options).random(() -> 0.0).build();
    assertThat(map.get(PODS, WAIT).resyncPeriod()).isEqualTo(Duration.ofMinutes(9));
    assertThat(map.get(NODES, WAIT).resyncPeriod()).isZero();
    assertThat(map.get(DEPLOYMENTS, WAIT).resyncPeriod()).as("the map's default: none").isZero();
  }

  @Test
  void aShortResyncIsNeverBelowOneSecond() {
    map = fixture.map().options(resyncByDefault(Duration.ofSeconds(1))).random(() -> 0.0).build();
    assertThat(map.get(PODS, WAIT).resyncPeriod()).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void aFieldIndexAddedAfterStartIsBackFilledAndServesLists() {
    FakeSource source = fixture.source(PODS, "");
    source.put(Item.of("a", "x", "1").withData("node-1"));
    source.put(Item.of("b", "y", "1").withData("node-1"));
    source.put(Item.of("a", "z", "1").withData("node-2"));
    MapEntry<Item> pods = started(fixture.map(), PODS);

    pods.indexField("data", item -> List.of(item.data()));

    ListOptions byNode = ListOptions.all().withFields(FieldSelector.equal("data", "node-1"));
    assertThat(pods.reader().list(byNode).items()).extracting(Item::key).containsExactly("a/x", "b/y");
    assertThat(pods.reader().list(byNode.withNamespace("b")).items()).extracting(Item::key).containsExactly("b/y");
    source.lastWatch().send(WatchEvent.added(Item.of("c", "w", "2").withData("node-1")));
    await().until(() -> pods.reader().list(byNode).items().size() == 3);
    assertThatThrownBy(() -> pods.indexField("data", item -> List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("field:data");
  }

  @Test
  void anIndexFunctionThatThrowsLeavesOnlyThatObjectOutOfTheIndex() {
    FakeSource source = fixture.source(PODS, "");
    source.put(Item.of("a", "x", "1").withData("n"));
    source.put(Item.of("a", "boom", "1").withData("n"));
    MapEntry<Item> pods = started(fixture.map(), PODS);
    pods.indexField("data", item -> {
      if (item.name().equals("boom")) {
        throw new IllegalStateException("cannot extract");
      }
      return List.of(item.data());
    });
    assertThat(pods.reader().list(ListOptions.all().withFields(FieldSelector.equal("data", "n"))).items())
        .extracting(Item::key).containsExactly("a/x");
    assertThat(pods.informer().indexer().size()).isEqualTo(2);
    assertThat(pods.informer().indexer().indexErrors()).isEqualTo(1);
  }

  @Test
  void labelsStillMatchAfterUpdatesArriveThroughTheWatch() {
    FakeSource source = fixture.source(PODS, "");
    source.put(Item.of("a", "x", "1").withLabels(Map.of("app", "web")));
    MapEntry<Item> pods = started(fixture.map(), PODS);
    ListOptions web = ListOptions.all().withLabels(LabelSelector.parse("app=web"));
    assertThat(pods.reader().list(web).items()).hasSize(1);
    source.lastWatch().send(WatchEvent.modified(Item.of("a", "x", "2").withLabels(Map.of("app", "db"))));
    await().until(() -> pods.reader().list(web).items().isEmpty());
    assertThat(pods.reader().list(web).resourceVersion()).isEqualTo("2");
  }
}
