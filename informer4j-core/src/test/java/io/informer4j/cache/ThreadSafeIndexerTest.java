package io.informer4j.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.testing.Item;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ThreadSafeIndexerTest {

  private static final IndexFunction<Item> BY_APP = item -> {
    String app = item.labels().get("app");
    return app == null ? List.of() : List.of(app);
  };

  private final ThreadSafeIndexer<Item> store = new ThreadSafeIndexer<>(Item.ADAPTER, "test", Map.of());

  private static Item item(String ns, String name, String app) {
    return Item.of(ns, name, "1").withLabels(app == null ? Map.of() : Map.of("app", app));
  }

  @Test
  void namespaceIndexIsAlwaysThere() {
    store.put(item("a", "x", null));
    store.put(item("a", "y", null));
    store.put(item("", "cluster-wide", null));
    assertThat(store.indexKeys(Indexer.NAMESPACE_INDEX, "a")).containsExactly("a/x", "a/y");
    assertThat(store.indexKeys(Indexer.NAMESPACE_INDEX, "")).containsExactly("cluster-wide");
    assertThat(store.listIndexFuncValues(Indexer.NAMESPACE_INDEX)).containsExactlyInAnyOrder("a", "");
  }

  @Test
  void indexesAddedAfterItemsAreBackFilled() {
    store.put(item("a", "x", "web"));
    store.put(item("b", "y", "web"));
    store.put(item("b", "z", "db"));
    store.addIndexers(Map.of("app", BY_APP));
    assertThat(store.indexKeys("app", "web")).containsExactly("a/x", "b/y");
    assertThat(store.byIndex("app", "db")).extracting(Item::name).containsExactly("z");
    assertThat(store.index("app", item("c", "q", "web"))).extracting(Item::key).containsExactlyInAnyOrder("a/x", "b/y");
  }

  @Test
  void emptyValueSetsAreRemoved() {
    store.addIndexers(Map.of("app", BY_APP));
    store.put(item("a", "x", "v1"));
    store.put(item("a", "x", "v2"));
    assertThat(store.listIndexFuncValues("app")).containsExactly("v2");
    store.delete(item("a", "x", "v2"));
    assertThat(store.listIndexFuncValues("app")).isEmpty();
  }

  @Test
  void aThrowingIndexFunctionLeavesTheObjectOutOfThatIndexOnly() {
    store.addIndexers(Map.of("fragile", i -> {
      if (i.name().startsWith("bad")) {
        throw new IllegalStateException("cannot index " + i.name());
      }
      return List.of("ok");
    }));
    store.put(item("a", "good", null));
    store.put(item("a", "bad-1", null));
    assertThat(store.get("a/bad-1")).isNotNull();
    assertThat(store.indexKeys("fragile", "ok")).containsExactly("a/good");
    assertThat(store.indexKeys(Indexer.NAMESPACE_INDEX, "a")).containsExactly("a/bad-1", "a/good");
    assertThat(store.indexErrors()).isEqualTo(1);
    store.delete(item("a", "bad-1", null));
    assertThat(store.indexErrors()).isEqualTo(2);
    assertThat(store.size()).isEqualTo(1);
  }

  @Test
  void whenTheCachedStateCannotBeIndexedAnyMoreItsKeyIsSweptFromThatIndexOnly() {
    AtomicBoolean failing = new AtomicBoolean();
    store.addIndexers(Map.of("flaky", i -> {
      if (failing.get()) {
        throw new IllegalStateException("index unavailable");
      }
      return BY_APP.values(i);
    }));
    store.put(item("a", "x", "web"));
    store.put(item("a", "y", "web"));
    store.put(item("a", "z", "web"));
    store.put(item("a", "s", "solo"));
    store.put(item("a", "t", "tiny"));
    failing.set(true);

    store.delete(item("a", "x", "web"));
    store.delete(item("a", "s", "solo"));
    store.put(item("a", "y", "db"));
    store.put(item("a", "t", "db"));

    assertThat(store.indexKeys("flaky", "web")).containsExactly("a/z");
    assertThat(store.listIndexFuncValues("flaky")).as("emptied value sets are dropped").containsExactly("web");
    assertThat(store.indexErrors()).isEqualTo(6);
  }

  @Test
  void everyWriteReleasesTheLockForReadersOnOtherThreads() throws Exception {
    store.put(item("a", "x", "web"));
    assertThat(readOnAnotherThread()).containsExactly("a/x");
    store.addIndexers(Map.of("app", BY_APP));
    assertThat(readOnAnotherThread()).containsExactly("a/x");
    store.write(writer -> writer.put(item("a", "y", "web")));
    assertThat(readOnAnotherThread()).containsExactly("a/x", "a/y");
    store.delete(item("a", "x", "web"));
    assertThat(readOnAnotherThread()).containsExactly("a/y");
    store.replace(List.of(item("a", "z", "db")), "2", Set.of());
    assertThat(readOnAnotherThread()).containsExactly("a/z");
  }

  private List<String> readOnAnotherThread() throws Exception {
    return CompletableFuture.supplyAsync(() -> store.indexKeys(Indexer.NAMESPACE_INDEX, "a")).get(1, TimeUnit.MINUTES);
  }

  @Test
  void unknownAndDuplicateIndexesAreClearErrors() {
    assertThatThrownBy(() -> store.byIndex("nope", "x")).isInstanceOf(NoSuchIndexException.class)
        .hasMessage("Index with name nope does not exist")
        .isInstanceOfSatisfying(NoSuchIndexException.class, e -> assertThat(e.indexName()).isEqualTo("nope"));
    store.addIndexers(Map.of("app", BY_APP));
    assertThatThrownBy(() -> store.addIndexers(Map.of("app", BY_APP))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("already exists");
  }

  @Test
  void replaceReportsTombstonesAndPreviousStates() {
    store.put(Item.of("a", "kept", "1"));
    store.put(Item.of("a", "gone", "2"));
    Replacement<Item> r = store.replace(List.of(Item.of("a", "kept", "5"), Item.of("a", "new", "6")), "6", Set.of());
    assertThat(r.deleted()).containsExactly(new DeletedFinalStateUnknown<>("a/gone", Item.of("a", "gone", "2")));
    assertThat(r.previous()).containsExactly(Item.of("a", "kept", "1"), null);
    assertThat(store.listKeys()).containsExactlyInAnyOrder("a/kept", "a/new");
    assertThat(store.indexKeys(Indexer.NAMESPACE_INDEX, "a")).containsExactly("a/kept", "a/new");
    assertThat(store.lastStoreSyncResourceVersion()).isEqualTo("6");
  }

  @Test
  void aKeyRepeatedInAReplacementCountsOnceWithItsLastState() {
    store.put(item("a", "x", "old"));
    Replacement<Item> r = store.replace(List.of(item("a", "x", "first"), Item.of("a", "y", "3"), item("a", "x", "last")),
        "9", Set.of());
    assertThat(r.items()).containsExactly(Item.of("a", "y", "3"), item("a", "x", "last"));
    assertThat(r.previous()).containsExactly(null, item("a", "x", "old"));
    assertThat(store.get("a/x")).isEqualTo(item("a", "x", "last"));
    assertThat(store.size()).isEqualTo(2);
  }

  @Test
  void aReplacementKeepsTheCachedObjectsOfKeysItCouldNotRead() {
    store.addIndexers(Map.of("app", BY_APP));
    store.put(item("a", "unreadable", "web"));
    store.put(Item.of("a", "gone", "2"));
    Replacement<Item> r = store.replace(List.of(Item.of("a", "new", "6")), "6", Set.of("a/unreadable", "a/never-cached"));
    assertThat(r.deleted()).extracting(DeletedFinalStateUnknown::key).containsExactly("a/gone");
    assertThat(r.items()).containsExactly(Item.of("a", "new", "6"));
    assertThat(store.listKeys()).containsExactlyInAnyOrder("a/unreadable", "a/new");
    assertThat(store.byIndex("app", "web")).containsExactly(item("a", "unreadable", "web"));
  }

  @Test
  void aDeleteByKeyRemovesTheObjectFromEveryIndex() {
    store.addIndexers(Map.of("app", BY_APP));
    store.put(item("a", "x", "web"));
    store.write(writer -> assertThat(writer.deleteKey("a/x")).isEqualTo(item("a", "x", "web")));
    store.write(writer -> assertThat(writer.deleteKey("a/x")).isNull());
    assertThat(store.byIndex("app", "web")).isEmpty();
    assertThat(store.size()).isZero();
  }

  @Test
  void tracksTheLastResourceVersionFromWritesAndBookmarks() {
    assertThat(store.lastStoreSyncResourceVersion()).isEmpty();
    store.put(Item.of("a", "x", "7"));
    assertThat(store.lastStoreSyncResourceVersion()).isEqualTo("7");
    store.bookmark("9");
    assertThat(store.lastStoreSyncResourceVersion()).isEqualTo("9");
    store.delete(Item.of("a", "x", "10"));
    assertThat(store.lastStoreSyncResourceVersion()).isEqualTo("10");
  }
}
