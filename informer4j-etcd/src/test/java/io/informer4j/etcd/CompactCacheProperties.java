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
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The cache keeps etcd objects compact by default and loses nothing: for random values written to a
 * real etcd — JSON trees read as maps and records — what the cache reader returns equals what was
 * written (identity, revisions and value), after a create and after an update; changing what the
 * reader returns never changes the cache, whose own map values are read-only.
 */
class CompactCacheProperties {

  private static final Duration SEEN = Duration.ofSeconds(10);
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

  @BeforeContainer
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

  @AfterContainer
  static void stopAll() {
    map.close();
    client.close();
    etcd.close();
  }

  @Property(tries = 25)
  @SuppressWarnings("rawtypes")
  void jsonTreesReadBackWhole(@ForAll("trees") Map<String, Object> first, @ForAll("trees") Map<String, Object> second)
      throws Exception {
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

  @Property(tries = 25)
  void recordsReadBackWhole(@ForAll("labels") Map<String, String> labels, @ForAll String color) {
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

  @Provide
  Arbitrary<Map<String, String>> labels() {
    Arbitrary<String> keys = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(8);
    return Arbitraries.maps(keys, Arbitraries.strings().ofMaxLength(12)).ofMaxSize(5);
  }

  /** JSON object trees: strings, integers, booleans, nulls, lists and nested objects, up to three levels. */
  @Provide
  Arbitrary<Map<String, Object>> trees() {
    return tree(3);
  }

  private Arbitrary<Map<String, Object>> tree(int depth) {
    Arbitrary<String> keys = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(6);
    List<Arbitrary<?>> leaves = new ArrayList<>(List.of(Arbitraries.strings().ofMaxLength(20), Arbitraries.integers(),
        Arbitraries.of(true, false), Arbitraries.just(null)));
    if (depth > 1) {
      leaves.add(tree(depth - 1));
      leaves.add(Arbitraries.strings().ofMaxLength(8).list().ofMaxSize(3));
    }
    @SuppressWarnings({"unchecked", "rawtypes"})
    Arbitrary<Object> values = (Arbitrary<Object>) Arbitraries.oneOf((List) leaves);
    return Arbitraries.maps(keys, values).ofMaxSize(4).map(LinkedHashMap::new);
  }
}
