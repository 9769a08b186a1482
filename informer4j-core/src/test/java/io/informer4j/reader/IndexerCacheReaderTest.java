package io.informer4j.reader;

import static io.informer4j.reader.ReaderFixture.item;
import static io.informer4j.testing.FakeBackend.DEPLOYMENTS;
import static io.informer4j.testing.FakeBackend.NODES;
import static io.informer4j.testing.FakeBackend.PODS;
import static io.informer4j.testing.Item.COPYING_ADAPTER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.cache.IndexFunction;
import io.informer4j.cache.ThreadSafeIndexer;
import io.informer4j.meta.FieldRequirement;
import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.testing.Item;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The reader over one indexer: gets, copies, lists with namespaces, labels, field indexes and limits. */
class IndexerCacheReaderTest {

  private final ThreadSafeIndexer<Item> indexer = new ThreadSafeIndexer<>(COPYING_ADAPTER, "test", Map.of());

  private CacheReader<Item> reader(ObjectType<Item> type, Scope scope, boolean deepCopyDisabled) {
    return new IndexerCacheReader<>(type, scope, indexer, deepCopyDisabled);
  }

  private CacheReader<Item> pods() {
    return reader(PODS, Scope.NAMESPACED, false);
  }

  private void indexData(Scope scope) {
    indexer.addIndexers(Map.of(FieldIndexes.fieldIndexName("data"),
        FieldIndexes.indexFunction("data", scope, COPYING_ADAPTER, item -> List.of(item.data()))));
  }

  private static Item withData(String namespace, String name, String data) {
    return item(namespace, name, Map.of()).withData(data);
  }

  private static List<String> keys(ListResult<Item> result) {
    return result.items().stream().map(Item::key).toList();
  }

  @Test
  void getReturnsADeepCopyWhoseMutationLeavesTheCacheAlone() {
    Item cached = item("a", "x", Map.of("app", "web"));
    indexer.put(cached);

    Item got = pods().get(ObjectKey.of("a", "x"));
    got.labels().put("app", "changed");

    assertThat(got).isNotSameAs(cached);
    assertThat(indexer.get("a/x").labels()).containsEntry("app", "web");
    assertThat(pods().get(ObjectKey.of("a", "x")).labels()).containsEntry("app", "web");
  }

  @Test
  void deepCopyCanBeDisabledForTheTypeOrForOneCall() {
    Item cached = item("a", "x", Map.of());
    indexer.put(cached);

    assertThat(reader(PODS, Scope.NAMESPACED, true).get(ObjectKey.of("a", "x"))).isSameAs(cached);
    assertThat(pods().get(ObjectKey.of("a", "x"), GetOptions.withoutDeepCopy())).isSameAs(cached);
    assertThat(pods().list(ListOptions.all().withUnsafeDisableDeepCopy(true)).items().get(0)).isSameAs(cached);
    assertThat(pods().list(ListOptions.all()).items().get(0)).isNotSameAs(cached).isEqualTo(cached);
  }

  @Test
  void aMissIsNotFoundWithGroupKindInTheResourceSlotAndName() {
    assertThatThrownBy(() -> pods().get(ObjectKey.of("a", "missing")))
        .isInstanceOfSatisfying(NotFoundException.class, e -> {
          assertThat(e.group()).isEmpty();
          assertThat(e.kind()).isEqualTo("Pod");
          assertThat(e.namespace()).isEqualTo("a");
          assertThat(e.name()).isEqualTo("missing");
          assertThat(e.type()).isEqualTo(PODS.key());
        })
        .hasMessage("Pod \"missing\" not found");
    assertThatThrownBy(() -> reader(DEPLOYMENTS, Scope.NAMESPACED, false).get(ObjectKey.of("a", "web")))
        .isInstanceOf(NotFoundException.class)
        .hasMessage("Deployment.apps \"web\" not found");
  }

  @Test
  void aNamespacedTypeLooksInTheKeysNamespaceOnly() {
    indexer.put(item("a", "x", Map.of()));
    assertThat(pods().get(ObjectKey.of("a", "x")).namespace()).isEqualTo("a");
    assertThatThrownBy(() -> pods().get(ObjectKey.of("b", "x"))).isInstanceOf(NotFoundException.class);
    assertThatThrownBy(() -> pods().get(ObjectKey.clusterScoped("x"))).isInstanceOf(NotFoundException.class);
  }

  @Test
  void aClusterScopedTypeIgnoresTheKeysAndTheListsNamespace() {
    indexer.put(item("", "node-1", Map.of()));
    CacheReader<Item> nodes = reader(NODES, Scope.CLUSTER, false);

    assertThat(nodes.get(ObjectKey.of("whatever", "node-1")).name()).isEqualTo("node-1");
    assertThat(keys(nodes.list(ListOptions.inNamespace("whatever")))).containsExactly("node-1");
    assertThatThrownBy(() -> nodes.get(ObjectKey.of("whatever", "node-2")))
        .isInstanceOfSatisfying(NotFoundException.class, e -> assertThat(e.namespace()).isEmpty());
  }

  @Test
  void listUsesTheNamespaceAndThenFiltersByLabels() {
    indexer.put(item("a", "web-1", Map.of("app", "web")));
    indexer.put(item("a", "db-1", Map.of("app", "db")));
    indexer.put(item("b", "web-2", Map.of("app", "web")));

    assertThat(keys(pods().list(ListOptions.inNamespace("a")))).containsExactly("a/db-1", "a/web-1");
    assertThat(keys(pods().list(ListOptions.inNamespace("a").withLabels(LabelSelector.parse("app=web")))))
        .containsExactly("a/web-1");
    assertThat(keys(pods().list(ListOptions.all().withLabels(LabelSelector.parse("app in (web)")))))
        .containsExactly("a/web-1", "b/web-2");
    assertThat(pods().list(ListOptions.inNamespace("c")).items()).isEmpty();
  }

  @Test
  void resultsAreOrderedByNamespaceThenNameAndTheLimitTakesTheFirst() {
    for (String key : List.of("b/y", "a-b/z", "a/y", "a/x", "b/a")) {
      ObjectKey k = ObjectKey.parse(key);
      indexer.put(item(k.namespace(), k.name(), Map.of()));
    }
    assertThat(keys(pods().list(ListOptions.all()))).containsExactly("a/x", "a/y", "a-b/z", "b/a", "b/y");
    assertThat(keys(pods().list(ListOptions.all().withLimit(2)))).containsExactly("a/x", "a/y");
    assertThat(keys(pods().list(ListOptions.all().withLimit(10)))).hasSize(5);
  }

  @Test
  void aFieldSelectorGoesThroughTheNamespacedOrAllNamespacesIndexKey() {
    indexData(Scope.NAMESPACED);
    indexer.put(withData("a", "x", "node-1"));
    indexer.put(withData("b", "y", "node-1"));
    indexer.put(withData("a", "z", "node-2"));

    assertThat(indexer.indexKeys("field:data", "__all_namespaces/node-1")).containsExactly("a/x", "b/y");
    assertThat(keys(pods().list(ListOptions.all().withFields(FieldSelector.parse("data=node-1")))))
        .containsExactly("a/x", "b/y");
    assertThat(keys(pods().list(ListOptions.inNamespace("a").withFields(FieldSelector.parse("data==node-1")))))
        .containsExactly("a/x");
  }

  @Test
  void theLabelSelectorIsAppliedAfterTheFieldIndexLookup() {
    indexData(Scope.NAMESPACED);
    indexer.put(item("a", "x", Map.of("app", "web")).withData("n"));
    indexer.put(item("a", "y", Map.of("app", "db")).withData("n"));
    indexer.put(item("a", "z", Map.of("app", "web")).withData("m"));

    ListOptions options = ListOptions.all().withFields(FieldSelector.equal("data", "n"))
        .withLabels(LabelSelector.parse("app=web"));
    assertThat(keys(pods().list(options))).containsExactly("a/x");
  }

  @Test
  void severalExactTermsUseTheFirstIndexAndFilterWithTheOthers() {
    indexData(Scope.NAMESPACED);
    indexer.addIndexers(Map.of(FieldIndexes.fieldIndexName("metadata.name"),
        FieldIndexes.indexFunction("metadata.name", Scope.NAMESPACED, COPYING_ADAPTER, item -> List.of(item.name()))));
    indexer.put(withData("a", "x", "n"));
    indexer.put(withData("a", "y", "n"));
    indexer.put(withData("b", "x", "n"));

    assertThat(keys(pods().list(ListOptions.all().withFields(FieldSelector.parse("data=n,metadata.name=x")))))
        .containsExactly("a/x", "b/x");
    assertThat(keys(pods().list(ListOptions.inNamespace("b").withFields(FieldSelector.parse("data=n,metadata.name=x")))))
        .containsExactly("b/x");
  }

  @Test
  void aLaterTermWhoseIndexFunctionThrowsExcludesTheObject() {
    indexData(Scope.NAMESPACED);
    IndexFunction<Item> failing = item -> {
      if (item.name().equals("bad")) {
        throw new IllegalStateException("cannot read");
      }
      return List.of("__all_namespaces/v");
    };
    indexer.addIndexers(Map.of("field:other", failing));
    indexer.put(withData("a", "good", "n"));
    indexer.put(withData("a", "bad", "n"));

    assertThat(keys(pods().list(ListOptions.all().withFields(FieldSelector.parse("data=n,other=v")))))
        .containsExactly("a/good");
  }

  @Test
  void nonExactFieldTermsAreRejected() {
    indexData(Scope.NAMESPACED);
    for (String selector : List.of("data!=n", "data=n,data!=m")) {
      assertThatThrownBy(() -> pods().list(ListOptions.all().withFields(FieldSelector.parse(selector))))
          .isInstanceOf(UnsupportedFieldSelectorException.class)
          .hasMessageContaining("non-exact field matches are not supported by the cache")
          .hasMessageContaining(PODS.key().toString());
    }
  }

  @Test
  void anEmptyFieldSelectorMeansNoFieldSelector() {
    indexer.put(item("a", "x", Map.of()));
    assertThat(keys(pods().list(ListOptions.all().withFields(FieldSelector.of(List.of()))))).containsExactly("a/x");
    assertThat(keys(pods().list(ListOptions.all().withFields(FieldSelector.parse(""))))).containsExactly("a/x");
  }

  @Test
  void aFieldWithoutIndexIsAMissingIndexError() {
    indexData(Scope.NAMESPACED);
    assertThatThrownBy(() -> pods().list(ListOptions.all().withFields(FieldSelector.equal("spec.nodeName", "n"))))
        .isInstanceOfSatisfying(MissingIndexException.class, e -> assertThat(e.field()).isEqualTo("spec.nodeName"))
        .hasMessageContaining("Index with name field:spec.nodeName does not exist")
        .hasMessageContaining(PODS.key().toString());
    assertThatThrownBy(() -> pods().list(ListOptions.all().withFields(FieldSelector.of(List.of(
        FieldRequirement.equal("data", "n"), FieldRequirement.equal("spec.other", "v"))))))
        .isInstanceOf(MissingIndexException.class)
        .hasMessageContaining("field:spec.other");
  }

  @Test
  void aContinueTokenIsRejectedAndANegativeLimitIsInvalid() {
    assertThatThrownBy(() -> pods().list(ListOptions.all().withContinue("abc")))
        .isInstanceOf(UnsupportedListOptionException.class)
        .hasMessageContaining("continue list option is not supported by the cache");
    assertThatThrownBy(() -> ListOptions.all().withLimit(-1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theListCarriesTheStoresResourceVersion() {
    assertThat(pods().list(ListOptions.all()).resourceVersion()).isEmpty();
    indexer.replace(List.of(item("a", "x", Map.of())), "42", Set.of());
    assertThat(pods().list(ListOptions.all()).resourceVersion()).isEqualTo("42");
  }

  @Test
  void aClusterScopedFieldIndexServesListsWithOrWithoutNamespace() {
    indexData(Scope.CLUSTER);
    indexer.put(withData("", "node-1", "zone-a"));
    CacheReader<Item> nodes = reader(NODES, Scope.CLUSTER, false);
    assertThat(keys(nodes.list(ListOptions.all().withFields(FieldSelector.equal("data", "zone-a")))))
        .containsExactly("node-1");
    assertThat(keys(nodes.list(ListOptions.inNamespace("x").withFields(FieldSelector.equal("data", "zone-a")))))
        .containsExactly("node-1");
  }
}
