package io.informer4j.etcd;

import static io.informer4j.testkit.QueueDrain.drain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.controller.DropReason;
import io.informer4j.factory.InformerOptions;
import io.informer4j.controller.NamespaceFilter;
import io.informer4j.factory.SharedInformerFactory;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.LabelSelector;
import io.informer4j.meta.FieldSelector;
import io.informer4j.meta.ObjectAdapter;
import io.informer4j.meta.ObjectKey;
import io.informer4j.meta.ObjectType;
import io.informer4j.meta.Scope;
import io.informer4j.meta.TypeKey;
import io.informer4j.meta.UnknownTypeException;
import io.informer4j.queue.PriorityWorkQueue;
import io.informer4j.queue.QueueItem;
import io.informer4j.queue.QueueRegistry;
import io.informer4j.reader.CacheReader;
import io.informer4j.reader.InformersMap;
import io.informer4j.reader.ListOptions;
import io.informer4j.reader.ListResult;
import io.informer4j.reader.MapEntry;
import io.informer4j.reader.NotFoundException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shared informer factory and the informers map, end to end on etcd types, against a real etcd. */
class EtcdFactoryAndMapTest {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final ObjectType<EtcdObject<Widget>> WIDGETS =
      Widget.type(TypeKey.of("demo.informer4j.io", "v1", "Widget"));
  private static final ObjectType<EtcdObject<Widget>> GADGETS =
      Widget.type(TypeKey.of("demo.informer4j.io", "v1", "Gadget"));

  private final InformerRuntime runtime = InformerRuntime.create("etcd-factory");
  private EtcdTypes types;
  private EtcdWriter widgets;
  private EtcdWriter gadgets;

  @BeforeEach
  void setUp() {
    KeyLayout widgetLayout = KeyLayout.namespaced(ETCD.newPrefix("widgets"));
    KeyLayout gadgetLayout = KeyLayout.clusterScoped(ETCD.newPrefix("gadgets"));
    types = EtcdTypes.builder(ETCD.client())
        .json(WIDGETS, widgetLayout, Widget.class)
        .json(GADGETS, gadgetLayout, Widget.class)
        .listerWatcherSettings(builder -> builder.chunkSize(100))
        .build();
    widgets = new EtcdWriter(ETCD.client(), widgetLayout);
    gadgets = new EtcdWriter(ETCD.client(), gadgetLayout);
  }

  @AfterEach
  void tearDown() throws InterruptedException {
    runtime.stop(Duration.ofSeconds(10));
  }

  @Test
  void theFactoryRoutesAllowedNamespacesToTheTypesQueueAndClusterScopedObjectsToTheDefaultOne()
      throws InterruptedException {
    widgets.put("team-a", "w1", Widget.labelled(Map.of("app", "shop")));
    widgets.put("team-c", "w2", Widget.labelled(Map.of("app", "shop")));
    gadgets.putRaw(ObjectKey.clusterScoped("g1"), Widget.CODEC.encode(Widget.labelled(Map.of())));
    QueueRegistry queues = QueueRegistry.builder().build();
    PriorityWorkQueue<QueueItem> widgetQueue = queues.register(WIDGETS.key());
    SharedInformerFactory factory = SharedInformerFactory.builder(InformersMap.builder(types).runtime(runtime).build(),
        queues).build();
    try {
      SharedIndexInformer<EtcdObject<Widget>> informer = factory.informerFor(WIDGETS,
          InformerOptions.builder().namespaceFilter(NamespaceFilter.allowing("team-a", "team-b")).build());
      factory.informerFor(GADGETS, InformerOptions.defaults());
      factory.start();
      assertThat(factory.waitForCacheSync(WAIT)).isTrue();

      widgets.put("team-b", "w3", Widget.labelled(Map.of()));
      widgets.put("team-c", "w4", Widget.labelled(Map.of()));
      widgets.delete("team-a", "w1");
      await().atMost(WAIT).until(() -> informer.indexer().listKeys().size() == 3
          && informer.indexer().get("team-a/w1") == null);

      assertThat(new HashSet<>(informer.indexer().listKeys())).isEqualTo(widgets.truth().keySet());
      await().atMost(WAIT).until(() -> widgetQueue.len() == 2);
      assertThat(drain(widgetQueue)).containsExactlyInAnyOrder(
          new QueueItem(WIDGETS.key(), ObjectKey.of("team-a", "w1")),
          new QueueItem(WIDGETS.key(), ObjectKey.of("team-b", "w3")));
      assertThat(factory.statuses()).filteredOn(status -> status.type().equals(WIDGETS.key())).singleElement()
          .satisfies(status -> assertThat(status.droppedByFilter()).containsEntry(DropReason.NOT_ALLOWED, 2L));
      assertThat(drain(queues.defaultQueue())).containsExactly(new QueueItem(GADGETS.key(), ObjectKey.clusterScoped("g1")));
    } finally {
      assertThat(factory.stop(Duration.ofSeconds(10))).isTrue();
      queues.shutdownAll();
    }
  }

  @Test
  void theInformersMapReadsAnEtcdTypeWithSelectorsAndAFieldIndex() throws InterruptedException {
    widgets.put("shop", "front", new Widget(Map.of("tier", "web"), "blue"));
    widgets.put("shop", "back", new Widget(Map.of("tier", "db"), "blue"));
    widgets.put("blog", "front", new Widget(Map.of("tier", "web"), "red"));
    InformersMap map = InformersMap.builder(types).runtime(runtime).build();
    try {
      map.start();
      MapEntry<EtcdObject<Widget>> entry = map.get(WIDGETS, WAIT);
      entry.indexField("spec.color", object -> List.of(object.value().color()));
      CacheReader<EtcdObject<Widget>> reader = entry.reader();

      assertThat(reader.get(ObjectKey.of("shop", "back")).value()).isEqualTo(new Widget(Map.of("tier", "db"), "blue"));
      assertThat(names(reader.list(ListOptions.all().withLabels(LabelSelector.parse("tier=web")))))
          .containsExactly("blog/front", "shop/front");
      assertThat(names(reader.list(ListOptions.inNamespace("shop").withFields(FieldSelector.equal("spec.color", "blue")))))
          .containsExactly("shop/back", "shop/front");

      widgets.delete("shop", "back");
      await().atMost(WAIT).untilAsserted(() -> assertThatThrownBy(() -> reader.get(ObjectKey.of("shop", "back")))
          .isInstanceOf(NotFoundException.class).hasMessageContaining("Widget"));
      assertThatThrownBy(() -> map.get(Widget.type(TypeKey.of("demo.informer4j.io", "v1", "Unknown")), WAIT))
          .isInstanceOf(UnknownTypeException.class);
    } finally {
      assertThat(map.stop(Duration.ofSeconds(10))).isTrue();
    }
  }

  @Test
  void theCatalogKnowsScopesAndRejectsOverlapsAndForeignClasses() {
    assertThat(types.scope(WIDGETS.key())).contains(Scope.NAMESPACED);
    assertThat(types.scope(GADGETS.key())).contains(Scope.CLUSTER);
    assertThat(types.typeOf(EtcdObject.class)).as("two types are stored as EtcdObject").isEmpty();
    assertThat(types.type(WIDGETS.key())).isEqualTo(WIDGETS);
    ObjectType<String> strings =
        ObjectType.of(WIDGETS.key(), String.class, ObjectAdapter.builder((String s) -> "", s -> s).build());
    assertThatThrownBy(() -> types.listerWatcher(strings))
        .isInstanceOf(UnknownTypeException.class).hasMessageContaining(String.class.getName())
        .hasMessageContaining("it is stored as " + WIDGETS);
    assertThatThrownBy(() -> types.type(TypeKey.of("demo.informer4j.io", "v1", "Unknown")))
        .isInstanceOf(UnknownTypeException.class).hasMessageContaining("not stored in this etcd catalog");
    KeyLayout layout = types.layout(WIDGETS.key());
    assertThatThrownBy(() -> EtcdTypes.builder(ETCD.client())
        .json(WIDGETS, layout, Widget.class)
        .json(GADGETS, KeyLayout.namespaced(layout.prefix() + "more/"), Widget.class))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("overlaps");
    assertThatThrownBy(() -> EtcdTypes.builder(ETCD.client())
        .json(WIDGETS, layout, Widget.class)
        .json(WIDGETS, KeyLayout.namespaced(ETCD.newPrefix("elsewhere")), Widget.class))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("already added");
  }

  private static List<String> names(ListResult<EtcdObject<Widget>> result) {
    return result.items().stream().map(object -> object.namespace() + "/" + object.name()).toList();
  }
}
