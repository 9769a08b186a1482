package io.informer4j.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.informer4j.testing.Item;
import io.informer4j.testsupport.property.Generator;
import io.informer4j.testsupport.property.Generators;
import io.informer4j.testsupport.property.PropertyCheck;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The cache against a model of it: random sequences of puts, deletes (by last state and by key),
 * batched writes, replacements (with repeated keys and keys kept when absent), bookmarks and an index
 * added late, over objects whose index functions give one value, several, none, null or throw.
 * After every step each observable of the cache equals the model's: objects by key, listings, every
 * index's keys per value and its set of values (no value left with no keys), lookups by a probe
 * object, the last resourceVersion, and what each write and replacement reports. The model
 * recomputes every index from scratch, the plainest reading of the contract.
 */
class ThreadSafeIndexerModelProperties {

  private static final List<String> NAMESPACES = List.of("a", "b", "");
  private static final List<String> NAMES = List.of("x", "y", "z", "w");
  private static final List<String> TAGS = List.of("t1", "t2", "t3");
  /** The data that makes the tags index throw, and the data that makes it return null. */
  private static final String THROWS = "boom";
  private static final String NULL_VALUES = "null";

  private static final IndexFunction<Item> BY_APP = item -> {
    String app = item.labels().get("app");
    return app == null ? List.of() : List.of(app);
  };
  private static final IndexFunction<Item> BY_TAGS = item -> {
    if (THROWS.equals(item.data())) {
      throw new IllegalStateException("cannot index " + item.name());
    }
    if (NULL_VALUES.equals(item.data())) {
      return null;
    }
    return item.data().isEmpty() ? List.of() : Arrays.asList(item.data().split(","));
  };
  private static final Map<String, IndexFunction<Item>> FUNCTIONS = Map.of(Indexer.NAMESPACE_INDEX,
      item -> List.of(item.namespace()), "app", BY_APP, "tags", BY_TAGS);

  /** One step applied to both the cache and the model. */
  sealed interface Step permits Put, Delete, DeleteKey, Batch, Replace, Bookmark, AddTagsIndex {
  }

  record Put(Item item) implements Step {
  }

  record Delete(Item lastState) implements Step {
  }

  record DeleteKey(String key) implements Step {
  }

  record Batch(List<Step> writes) implements Step {
  }

  record Replace(List<Item> items, String resourceVersion, Set<String> keepIfAbsent) implements Step {
  }

  record Bookmark(String resourceVersion) implements Step {
  }

  record AddTagsIndex() implements Step {
  }

  private static final Generator<Item> ITEMS = choices -> {
    Map<String, String> labels = choices.draw(Generators.elements(Map.<String, String>of(), Map.of("app", "web"),
        Map.of("app", "db")));
    String data = choices.draw(Generators.frequency(
        Generators.weight(6, Generators.elements(TAGS).list(0, 3).map(tags -> String.join(",", tags))),
        Generators.weight(1, Generators.constant(THROWS)),
        Generators.weight(1, Generators.constant(NULL_VALUES))));
    return new Item(choices.draw(Generators.elements(NAMESPACES)), choices.draw(Generators.elements(NAMES)),
        choices.draw(Generators.elements("", "1", "2", "3")), labels, data);
  };
  private static final Generator<String> KEYS = ITEMS.map(Item::key);
  private static final Generator<Step> WRITES = Generators.frequency(
      Generators.weight(4, ITEMS.map(Put::new)),
      Generators.weight(2, ITEMS.map(Delete::new)),
      Generators.weight(1, KEYS.map(DeleteKey::new)));
  private static final Generator<Step> STEPS = Generators.frequency(
      Generators.weight(8, WRITES),
      Generators.weight(1, WRITES.list(0, 4).map(Batch::new)),
      Generators.weight(2, choices -> new Replace(choices.draw(ITEMS.list(0, 8)),
          choices.draw(Generators.elements("", "7", null)), Set.copyOf(choices.draw(KEYS.list(0, 3))))),
      Generators.weight(1, Generators.elements("", "9").map(Bookmark::new)),
      Generators.weight(1, Generators.constant(new AddTagsIndex())));

  @Test
  void everyStepLeavesTheCacheAsTheModelSaysAndReportsWhatChanged() {
    PropertyCheck.forAll(choices -> new Run(choices.draw(Generators.booleans()), choices.draw(STEPS.list(1, 40))))
        .tries(500)
        .check(ThreadSafeIndexerModelProperties::run);
  }

  /** Whether the tags index exists from the start, and the steps. */
  record Run(boolean tagsFromTheStart, List<Step> steps) {
  }

  private static void run(Run run) {
    Map<String, IndexFunction<Item>> initial = new LinkedHashMap<>();
    initial.put("app", BY_APP);
    if (run.tagsFromTheStart()) {
      initial.put("tags", BY_TAGS);
    }
    ThreadSafeIndexer<Item> cache = new ThreadSafeIndexer<>(Item.ADAPTER, "model", initial);
    Model model = new Model(new LinkedHashSet<>(initial.keySet()));
    model.indexes.add(Indexer.NAMESPACE_INDEX);
    for (Step step : run.steps()) {
      apply(step, cache, model);
      matches(cache, model, step);
    }
    assertThatThrownBy(() -> cache.byIndex("no-such-index", "v")).isInstanceOf(NoSuchIndexException.class);
    assertThatThrownBy(() -> cache.addIndexers(Map.of("app", BY_APP))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("index 'app' already exists");
  }

  /** The cache as a plain map, its indexes recomputed on every read. */
  private static final class Model {
    final Map<String, Item> objects = new LinkedHashMap<>();
    final Set<String> indexes;
    String resourceVersion = "";

    Model(Set<String> indexes) {
      this.indexes = indexes;
    }

    Item put(Item item) {
      note(item.resourceVersion());
      return objects.put(item.key(), item);
    }

    Item delete(Item lastState) {
      note(lastState.resourceVersion());
      return objects.remove(lastState.key());
    }

    void note(String version) {
      if (version != null && !version.isEmpty()) {
        resourceVersion = version;
      }
    }

    /** Returns the values of {@code item} in {@code index}, or null when the function throws or gives null. */
    static Collection<String> values(String index, Item item) {
      try {
        return FUNCTIONS.get(index).values(item);
      } catch (IllegalStateException e) {
        return null;
      }
    }

    Set<String> keysOf(String index, String value) {
      Set<String> keys = new TreeSet<>();
      objects.forEach((key, item) -> {
        Collection<String> values = values(index, item);
        if (values != null && values.contains(value)) {
          keys.add(key);
        }
      });
      return keys;
    }

    Set<String> valuesOf(String index) {
      Set<String> values = new HashSet<>();
      objects.values().forEach(item -> {
        Collection<String> of = values(index, item);
        if (of != null) {
          values.addAll(of);
        }
      });
      return values;
    }
  }

  private static void apply(Step step, ThreadSafeIndexer<Item> cache, Model model) {
    if (step instanceof Put put) {
      long errorsBefore = cache.indexErrors();
      assertThat(cache.put(put.item())).as("what %s replaced", step).isEqualTo(model.put(put.item()));
      if (model.indexes.contains("tags") && THROWS.equals(put.item().data())) {
        assertThat(cache.indexErrors()).as("a failing index function is counted").isGreaterThan(errorsBefore);
      }
    } else if (step instanceof Delete delete) {
      assertThat(cache.delete(delete.lastState())).as("what %s removed", step).isEqualTo(model.delete(delete.lastState()));
    } else if (step instanceof DeleteKey || step instanceof Batch) {
      List<Step> writes = step instanceof Batch batch ? batch.writes() : List.of(step);
      cache.write(writer -> writes.forEach(write -> writes(writer, model, write)));
    } else if (step instanceof Replace replace) {
      replaces(cache, model, replace);
    } else if (step instanceof Bookmark bookmark) {
      cache.bookmark(bookmark.resourceVersion());
      model.note(bookmark.resourceVersion());
    } else if (model.indexes.add("tags")) {
      cache.addIndexers(Map.of("tags", BY_TAGS));
    } else {
      assertThatThrownBy(() -> cache.addIndexers(Map.of("tags", BY_TAGS))).isInstanceOf(IllegalArgumentException.class);
    }
  }

  /** One write of a {@link ThreadSafeIndexer#write} body. */
  private static void writes(ThreadSafeIndexer.Writer<Item> writer, Model model, Step write) {
    if (write instanceof Put put) {
      assertThat(writer.put(put.item())).as("what %s replaced", write).isEqualTo(model.put(put.item()));
    } else if (write instanceof Delete delete) {
      assertThat(writer.delete(delete.lastState())).as("what %s removed", write).isEqualTo(model.delete(delete.lastState()));
    } else {
      String key = ((DeleteKey) write).key();
      assertThat(writer.deleteKey(key)).as("what %s removed", write).isEqualTo(model.objects.remove(key));
    }
  }

  private static void replaces(ThreadSafeIndexer<Item> cache, Model model, Replace replace) {
    Map<String, Item> old = new LinkedHashMap<>(model.objects);
    Map<String, Item> next = new LinkedHashMap<>();
    replace.items().forEach(item -> next.put(item.key(), item));
    replace.keepIfAbsent().forEach(key -> {
      if (old.containsKey(key)) {
        next.putIfAbsent(key, old.get(key));
      }
    });
    Set<DeletedFinalStateUnknown<Item>> deleted = new HashSet<>();
    old.forEach((key, item) -> {
      if (!next.containsKey(key)) {
        deleted.add(new DeletedFinalStateUnknown<>(key, item));
      }
    });
    List<Item> lastOfEachKey = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = replace.items().size() - 1; i >= 0; i--) {
      if (seen.add(replace.items().get(i).key())) {
        lastOfEachKey.add(0, replace.items().get(i));
      }
    }
    List<Item> previous = lastOfEachKey.stream().map(item -> old.get(item.key())).toList();

    Replacement<Item> reported = cache.replace(replace.items(), replace.resourceVersion(), replace.keepIfAbsent());

    assertThat(new HashSet<>(reported.deleted())).as("tombstones of %s", replace).isEqualTo(deleted);
    assertThat(reported.items()).as("items of %s", replace).isEqualTo(lastOfEachKey);
    assertThat(reported.previous()).as("previous states of %s", replace).isEqualTo(previous);
    model.objects.clear();
    model.objects.putAll(next);
    model.resourceVersion = replace.resourceVersion() == null ? "" : replace.resourceVersion();
  }

  private static void matches(ThreadSafeIndexer<Item> cache, Model model, Step after) {
    String context = "after " + after;
    assertThat(cache.size()).as(context).isEqualTo(model.objects.size());
    assertThat(new HashSet<>(cache.list())).as(context).isEqualTo(new HashSet<>(model.objects.values()));
    assertThat(new HashSet<>(cache.listKeys())).as(context).isEqualTo(model.objects.keySet());
    for (String namespace : NAMESPACES) {
      for (String name : NAMES) {
        String key = Item.of(namespace, name, "").key();
        assertThat(cache.get(key)).as(context).isEqualTo(model.objects.get(key));
      }
    }
    assertThat(cache.lastStoreSyncResourceVersion()).as(context).isEqualTo(model.resourceVersion);
    assertThat(cache.indexNames()).as(context).isEqualTo(model.indexes);
    for (String index : model.indexes) {
      assertThat(new HashSet<>(cache.listIndexFuncValues(index))).as("values of %s %s", index, context)
          .isEqualTo(model.valuesOf(index));
      Set<String> values = new HashSet<>(model.valuesOf(index));
      values.addAll(TAGS);
      values.add("web");
      for (String value : values) {
        Set<String> keys = model.keysOf(index, value);
        assertThat(cache.indexKeys(index, value)).as("%s=%s %s", index, value, context).containsExactlyElementsOf(keys);
        assertThat(cache.byIndex(index, value)).extracting(Item::key).as("%s=%s %s", index, value, context)
            .containsExactlyInAnyOrderElementsOf(keys);
      }
      for (Item probe : List.of(new Item("a", "probe", "", Map.of("app", "web"), "t1,t2"),
          new Item("b", "probe", "", Map.of(), THROWS), new Item("", "probe", "", Map.of(), NULL_VALUES))) {
        Collection<String> probeValues = Model.values(index, probe);
        Set<String> expected = new TreeSet<>();
        if (probeValues != null) {
          probeValues.forEach(value -> expected.addAll(model.keysOf(index, value)));
        }
        assertThat(cache.index(index, probe)).extracting(Item::key).as("%s of %s %s", index, probe, context)
            .containsExactlyInAnyOrderElementsOf(expected);
      }
      assertThat(cache.indexFunction(index)).as(context).isNotNull();
    }
  }
}
