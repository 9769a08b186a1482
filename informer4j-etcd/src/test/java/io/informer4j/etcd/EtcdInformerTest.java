package io.informer4j.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.informer4j.etcd.testing.EtcdServerExtension;
import io.informer4j.etcd.testing.EtcdWriter;
import io.informer4j.etcd.testing.GatedListerWatcher;
import io.informer4j.etcd.testing.MirroringHandler;
import io.informer4j.etcd.testing.RecordingHandler;
import io.informer4j.etcd.testing.Widget;
import io.informer4j.informer.BackoffPolicy;
import io.informer4j.informer.InformerRuntime;
import io.informer4j.informer.InformerState;
import io.informer4j.informer.SharedIndexInformer;
import io.informer4j.meta.ObjectKey;
import io.informer4j.source.ListerWatcher;
import io.informer4j.source.Selection;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The core's informer over the etcd backend, against a real etcd. */
class EtcdInformerTest {

  @RegisterExtension
  static final EtcdServerExtension ETCD = new EtcdServerExtension();
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final BackoffPolicy QUICK = new BackoffPolicy(Duration.ofMillis(50), Duration.ofMillis(500), 2.0, 0.0,
      Duration.ofMinutes(2));

  private InformerRuntime runtime;
  private KeyLayout layout;
  private EtcdWriter writer;
  private EtcdListerWatcher<EtcdObject<Widget>> source;

  @BeforeEach
  void setUp() {
    runtime = InformerRuntime.create("etcd-test");
    layout = KeyLayout.namespaced(ETCD.newPrefix("widgets"));
    writer = new EtcdWriter(ETCD.client(), layout);
    source = EtcdListerWatcher.builder(ETCD.client(), layout, Widget.CODEC, Widget.ADAPTER).build();
  }

  @AfterEach
  void tearDown() throws InterruptedException {
    runtime.stop(Duration.ofSeconds(10));
  }

  /**
   * 10,000 keys in pages of 500, then two changes that only the watch (from the list's revision + 1)
   * delivers: no relist. The handler is checked by its view, not by a list of events: its 10,000
   * initial adds fill its backlog to the compaction limit, so on a busy machine the update of
   * w-00042 may reach it folded into that object's initial add (HandlerLane, BacklogCompactor).
   */
  @Test
  void listsTenThousandKeysPageByPageThenWatches() throws InterruptedException {
    writer.putAll(widgets("ns", "w", 10_000));
    SharedIndexInformer<EtcdObject<Widget>> informer = SharedIndexInformer.builder(source, Widget.ADAPTER)
        .runtime(runtime).watchList(false).pageSize(500).build();
    MirroringHandler handler = new MirroringHandler();
    informer.addEventHandler(handler);
    informer.start();

    assertThat(informer.waitForCacheSync(WAIT)).isTrue();
    assertThat(informer.indexer().size()).isEqualTo(10_000);
    long lists = informer.status().lists();
    assertThat(lists).isGreaterThanOrEqualTo(20);
    writer.put("ns", "w-00042", new Widget(Map.of(), "blue"));
    writer.put("ns", "fresh", Widget.labelled(Map.of()));

    await().atMost(WAIT).until(() -> handler.view().equals(writer.truth()));
    assertThat(handler.value("ns/w-00042").color()).isEqualTo("blue");
    assertThat(handler.errors()).isEmpty();
    assertThat(informer.indexer().get("ns/w-00042").value().color()).isEqualTo("blue");
    assertThat(cache(informer)).isEqualTo(writer.truth());
    assertThat(informer.status().lists()).as("the changes came by the watch, without a relist").isEqualTo(lists);
    informer.stop();
  }

  /**
   * The hand-over from list to watch leaves no gap: writes made after the list's revision was read
   * and before the watch is opened are delivered by the watch, which starts at that revision + 1.
   */
  @Test
  void writesBetweenTheListAndTheWatchAreDeliveredByTheWatch() {
    writer.putAll(widgets("ns", "w", 3));
    GatedListerWatcher<EtcdObject<Widget>> gated = new GatedListerWatcher<>(source);
    var watchHeld = gated.holdNextWatch();
    SharedIndexInformer<EtcdObject<Widget>> informer = informerOf(gated, Selection.inNamespace("ns"));
    MirroringHandler handler = new MirroringHandler();
    informer.addEventHandler(handler);
    informer.start();
    assertThat(watchHeld).succeedsWithin(WAIT);
    await().atMost(WAIT).until(informer::hasSynced);
    long lists = informer.status().lists();

    writer.put("ns", "w-00001", new Widget(Map.of(), "blue"));
    writer.delete("ns", "w-00002");
    writer.put("ns", "between", Widget.labelled(Map.of()));
    gated.release();

    await().atMost(WAIT).until(() -> handler.view().equals(writer.truth()));
    assertThat(handler.errors()).isEmpty();
    assertThat(handler.value("ns/w-00001").color()).isEqualTo("blue");
    assertThat(informer.status().lists()).as("no relist").isEqualTo(lists);
    informer.stop();
  }

  @Test
  void anInformerWithoutAPageSizeListsInPagesOfTenChunks() throws InterruptedException {
    writer.putAll(widgets("ns", "w", 3_000));
    EtcdListerWatcher<EtcdObject<Widget>> chunked = EtcdListerWatcher.builder(ETCD.client(), layout, Widget.CODEC,
        Widget.ADAPTER).chunkSize(100).build();
    assertThat(chunked.preferredPageSize()).isEqualTo(1000);
    SharedIndexInformer<EtcdObject<Widget>> informer = SharedIndexInformer.builder(chunked, Widget.ADAPTER)
        .runtime(runtime).watchList(false).build();
    informer.start();

    assertThat(informer.waitForCacheSync(WAIT)).isTrue();
    assertThat(informer.indexer().size()).isEqualTo(3_000);
    assertThat(informer.status().lists()).isEqualTo(3);
    informer.stop();
  }

  @Test
  void compactionWhileRunningMakesTheInformerRelistAndADeleteDuringTheRelistIsNotified() {
    writer.putAll(widgets("ns", "w", 200));
    GatedListerWatcher<EtcdObject<Widget>> gated = new GatedListerWatcher<>(source);
    SharedIndexInformer<EtcdObject<Widget>> informer = informerOf(gated, Selection.inNamespace("ns"));
    RecordingHandler handler = new RecordingHandler();
    informer.addEventHandler(handler);
    informer.start();
    await().atMost(WAIT).until(informer::hasSynced);

    writer.put("ns", "w-00001", new Widget(Map.of(), "red"));
    writer.delete("ns", "w-00002");
    writer.put("ns", "added", Widget.labelled(Map.of()));
    await().atMost(WAIT).until(() -> cache(informer).equals(writer.truth()));

    var relistStarted = gated.holdNextList();
    for (int i = 0; i < 5; i++) {
      writer.put("other", "x-" + i, Widget.labelled(Map.of()));
    }
    writer.compact(writer.currentRevision());
    assertThat(relistStarted).succeedsWithin(WAIT);
    writer.delete("ns", "w-00000");
    writer.put("ns", "w-00003", new Widget(Map.of(), "green"));
    writer.put("ns", "during-relist", Widget.labelled(Map.of()));
    gated.release();

    await().atMost(WAIT).until(() -> cache(informer).equals(truthIn("ns")));
    await().atMost(WAIT).untilAsserted(() -> assertThat(handler.events()).as("status %s", informer.status())
        .filteredOn(event -> event.contains("w-00000")).anyMatch(event -> event.startsWith("delete ns/w-00000")));
    assertThat(informer.status().relists()).isGreaterThanOrEqualTo(1);
    assertThat(handler.events()).contains("delete ns/w-00002", "update ns/w-00003", "add ns/during-relist");
    assertThat(informer.indexer().get("ns/w-00003").value().color()).isEqualTo("green");
    informer.stop();
  }

  @Test
  void anUndecodableValueIsCountedAndTheOthersAreCached() {
    writer.putAll(widgets("ns", "w", 20));
    writer.putRaw(ObjectKey.of("ns", "broken-1"), "not json".getBytes(StandardCharsets.UTF_8));
    SharedIndexInformer<EtcdObject<Widget>> informer = informerOf(source, Selection.all());
    informer.start();
    await().atMost(WAIT).until(informer::hasSynced);
    assertThat(informer.status().malformed()).isEqualTo(1);

    writer.putRaw(ObjectKey.of("ns", "broken-2"), "[1,2".getBytes(StandardCharsets.UTF_8));
    writer.put("ns", "after", Widget.labelled(Map.of()));

    await().atMost(WAIT).until(() -> informer.indexer().get("ns/after") != null);
    assertThat(informer.status().malformed()).isEqualTo(2);
    assertThat(informer.indexer().listKeys()).hasSize(21).doesNotContain("ns/broken-1", "ns/broken-2");
    assertThat(informer.state()).isEqualTo(InformerState.WATCHING);
    informer.stop();
  }

  private SharedIndexInformer<EtcdObject<Widget>> informerOf(ListerWatcher<EtcdObject<Widget>> lw, Selection selection) {
    return SharedIndexInformer.builder(lw, Widget.ADAPTER).runtime(runtime).selection(selection).watchList(false)
        .minWatchTimeout(Duration.ofSeconds(1)).backoff(QUICK).build();
  }

  private Map<String, String> truthIn(String namespace) {
    Map<String, String> truth = new TreeMap<>(writer.truth());
    truth.keySet().removeIf(key -> !key.startsWith(namespace + "/"));
    return truth;
  }

  static Map<String, String> cache(SharedIndexInformer<EtcdObject<Widget>> informer) {
    Map<String, String> cached = new TreeMap<>();
    informer.indexer().list().forEach(object -> cached.put(object.key(), object.resourceVersion()));
    return cached;
  }

  static Map<ObjectKey, Widget> widgets(String namespace, String prefix, int count) {
    Map<ObjectKey, Widget> widgets = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      widgets.put(ObjectKey.of(namespace, String.format("%s-%05d", prefix, i)),
          new Widget(Map.of("index", Integer.toString(i % 10)), "grey"));
    }
    return widgets;
  }

}
