package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.etcd.jetcd.Client;
import io.informer4j.etcd.testing.EtcdServer;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.TypeKey;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.GetOptions;
import io.informer4j.reader.InformerSpec;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.NotFoundException;
import io.informer4j.testsupport.await.AwaitilityDefaults;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import io.informer4j.testsupport.property.Generator;
import io.informer4j.testsupport.property.Generators;
import io.informer4j.testsupport.property.PropertyCheck;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The cache keeps etcd objects compact by default and loses nothing: for random values written to a
 * real etcd — JSON trees read as maps and records — what the cache reader returns equals what was
 * written (identity, revisions and value), after a create and after an update; changing what the
 * reader returns never changes the cache, whose own map values are read-only.
 */
@ExtendWith(AwaitilityDefaults.class)
class CompactCacheProperties {

  private static final Duration SEEN = Duration.ofSeconds(60);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final AtomicInteger NAMES = new AtomicInteger();
  @SuppressWarnings({"rawtypes", "unchecked"})
  private static final ObjectType<EtcdObject<Map>> TREES =
      EtcdObject.type(TypeKey.of("example.com", "v1", "Tree"), EtcdObject.<Map>adapter());
  private static final ObjectType<EtcdObject<Widget>> WIDGETS = Widget.type(TypeKey.of("example.com", "v1", "Widget"));

  private static EtcdServer etcd;
  private static Client client;
  private static InformersMap map;
  private static EtcdWriter trees;
  private static EtcdWriter widgets;

  @BeforeAll
  static void startEtcdAndCache() throws InterruptedException {
    etcd = EtcdServer.start();
    client = etcd.newClient();
    KeyLayout treeLayout = KeyLayout.namespaced("/compact/trees/");
    KeyLayout widgetLayout = KeyLayout.namespaced("/compact/widgets/");
    trees = new EtcdWriter(client, treeLayout);
    widgets = new EtcdWriter(client, widgetLayout);
    map = InformersMap.builder(EtcdTypes.builder(client)
        .json(TREES, treeLayout, Map.class)
        .json(WIDGETS, widgetLayout, Widget.class)
        .build()).build();
    map.register(TREES, InformerSpec.all(), SEEN);
    map.register(WIDGETS, InformerSpec.all(), SEEN);
    map.start();
    assertThat(map.waitForCacheSync(SEEN)).isTrue();
  }

  @AfterAll
  static void stopAll() {
    map.close();
    client.close();
    etcd.close();
  }

  /** Two values in a row of one object: what it is created with, then what it is updated to. */
  record Versions<V>(V first, V second) {
  }

  @Test
  void jsonTreesReadBackWhole() {
    Generator<Map<String, Object>> trees = tree(3);
    PropertyCheck.forAll(choices -> new Versions<>(choices.draw(trees), choices.draw(trees))).tries(25)
        .check(versions -> treeReadsBackWhole(versions.first(), versions.second()));
  }

  @SuppressWarnings("rawtypes")
  private static void treeReadsBackWhole(Map<String, Object> first, Map<String, Object> second) throws Exception {
    ObjectKey key = ObjectKey.of("shop", "tree-" + NAMES.incrementAndGet());
    long created = trees.putRaw(key, JSON.writeValueAsBytes(first));
    readsBackAsWritten(TREES, key, created, created, JSON.readValue(JSON.writeValueAsBytes(first), Map.class));
    long updated = trees.putRaw(key, JSON.writeValueAsBytes(second));
    Map expected = JSON.readValue(JSON.writeValueAsBytes(second), Map.class);
    readsBackAsWritten(TREES, key, updated, created, expected);

    CacheReader<EtcdObject<Map>> reader = map.reader(TREES);
    reader.get(key).value().put("changed", "yes");
    assertThat(reader.get(key).value()).isEqualTo(expected);
    Map cached = reader.get(key, GetOptions.withoutDeepCopy()).value();
    assertThatThrownBy(() -> cached.put("changed", "yes")).isInstanceOf(UnsupportedOperationException.class);
    trees.delete(key.namespace(), key.name());
  }

  /** A widget's labels and colour. */
  record Paint(Map<String, String> labels, String color) {
  }

  @Test
  void recordsReadBackWhole() {
    Generator<Map<String, String>> labels = Generators.maps(Generators.strings(Generators.codePoints('a', 'z'), 1, 8),
        Generators.strings(12), 0, 5);
    PropertyCheck.forAll(choices -> new Paint(choices.draw(labels), choices.draw(Generators.strings()))).tries(25)
        .check(paint -> recordReadsBackWhole(paint.labels(), paint.color()));
  }

  private static void recordReadsBackWhole(Map<String, String> labels, String color) {
    ObjectKey key = ObjectKey.of("till", "widget-" + NAMES.incrementAndGet());
    Widget widget = new Widget(labels, color);
    long created = widgets.put(key.namespace(), key.name(), widget);
    readsBackAsWritten(WIDGETS, key, created, created, widget);
    Widget recoloured = new Widget(labels, color + "!");
    long updated = widgets.put(key.namespace(), key.name(), recoloured);
    readsBackAsWritten(WIDGETS, key, updated, created, recoloured);
    widgets.delete(key.namespace(), key.name());
  }

  private static <V> void readsBackAsWritten(ObjectType<EtcdObject<V>> type, ObjectKey key, long revision,
                                             long createRevision, V value) {
    CacheReader<EtcdObject<V>> reader = map.reader(type);
    await().atMost(SEEN).ignoreException(NotFoundException.class).until(() -> reader.get(key).revision() == revision);
    assertThat(reader.get(key)).isEqualTo(new EtcdObject<>(key.namespace(), key.name(), revision, createRevision, value));
  }

  /** JSON object trees: strings, integers, booleans, nulls, lists and nested objects, up to {@code depth} levels. */
  private static Generator<Map<String, Object>> tree(int depth) {
    Generator<String> keys = Generators.strings(Generators.codePoints('a', 'z'), 1, 6);
    List<Generator<?>> leaves = new ArrayList<>(List.of(Generators.strings(20), Generators.integers(),
        Generators.booleans(), Generators.constant(null)));
    if (depth > 1) {
      leaves.add(tree(depth - 1));
      leaves.add(Generators.strings(8).list(0, 3));
    }
    Generator<Object> values = Generators.oneOf(leaves);
    return Generators.maps(keys, values, 0, 4);
  }
}
